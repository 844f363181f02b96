import { Route, Routes } from 'react-router-dom';
import { NoLicenceScreen } from './features/no-licence/components/no-licence-screen';
import { PaymentLoadingScreen } from './features/payment-return/components/payment-loading-screen';
import { PaymentResultScreen } from './features/payment-return/components/payment-result-screen';
import { NewLicenceScreen } from './features/subscription/components/new-licence-screen';
import { SubscriptionScreen } from './features/subscription/components/subscription-screen';

export default function BillingRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/subscription" element={<SubscriptionScreen />} />
      <Route path="/dashboard/paiement/new" element={<NewLicenceScreen />} />
      <Route path="/dashboard/paiement/loading" element={<PaymentLoadingScreen />} />
      <Route path="/dashboard/paiement/success" element={<PaymentResultScreen outcome="success" />} />
      <Route path="/dashboard/paiement/cancel" element={<PaymentResultScreen outcome="cancel" />} />
      <Route path="/dashboard/nosub" element={<NoLicenceScreen />} />
    </Routes>
  );
}
