import { Route, Routes } from 'react-router-dom';
import { HomeScreen } from './features/home/components/home-screen';

// The one exposed module (./Routes): absolute paths under the prefix the manifest gives this module.
export default function ReportsRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/reports" element={<HomeScreen />} />
    </Routes>
  );
}
