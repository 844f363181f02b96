import { Route, Routes } from 'react-router-dom';
import { SubscriptionScreen } from './features/subscription/components/subscription-screen';

export default function BillingRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/subscription" element={<SubscriptionScreen />} />
    </Routes>
  );
}
