import { Route, Routes } from 'react-router-dom';
import { DiscoveryScreen } from './features/discovery/components/discovery-screen';
import { ForgotPasswordScreen } from './features/forgot-password/components/forgot-password-screen';
import { InvitationJoinScreen } from './features/invitation/components/invitation-join-screen';
import { LoginScreen } from './features/login/components/login-screen';
import { RegisterScreen } from './features/register/components/register-screen';
import { ResetPasswordScreen } from './features/reset-password/components/reset-password-screen';

/** The routes this remote owns (docs/architecture.md); the shell renders this under its layout-less paths. */
export default function AuthRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="/register" element={<RegisterScreen />} />
      <Route path="/forgot" element={<ForgotPasswordScreen />} />
      <Route path="/reset-password" element={<ResetPasswordScreen />} />
      <Route path="/discovery" element={<DiscoveryScreen />} />
      <Route path="/invitation/join/:id" element={<InvitationJoinScreen />} />
    </Routes>
  );
}
