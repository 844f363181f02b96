import { Route, Routes } from 'react-router-dom';
import { NoLicenceScreen } from './features/no-licence/components/no-licence-screen';
import { SubscriptionScreen } from './features/subscription/components/subscription-screen';

export default function BillingRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/subscription" element={<SubscriptionScreen />} />
      <Route path="/dashboard/nosub" element={<NoLicenceScreen />} />
    </Routes>
  );
}
