import { Route, Routes } from 'react-router-dom';
import { SettingsHub } from './features/hub/components/settings-hub';

export default function SettingsRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/prospect/settings" element={<SettingsHub />} />
    </Routes>
  );
}
