import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '@app/platform';
import { LoginScreen } from './features/login/components/login-screen';

// The sign-in screen comes with the remote's entry; the others, and the validation rules (zod) only
// they use, load when first opened: /login, the first screen of every visit, runs less script on a
// phone (docs/decisions/lighthouse.md). The two screens /login links to are prefetched once the
// browser is idle (webpack's `prefetch` hint: fetched, not run): React Router keeps the old screen on
// view while a lazy one loads, so without it a tap on "Mot de passe oublié ?" left the sign-in form on
// screen under the new address for as long as a phone's network took to fetch the chunk.
const RegisterScreen = lazy(() =>
  import(/* webpackPrefetch: true */ './features/register/components/register-screen').then((module) => ({
    default: module.RegisterScreen,
  })),
);
const ForgotPasswordScreen = lazy(() =>
  import(/* webpackPrefetch: true */ './features/forgot-password/components/forgot-password-screen').then(
    (module) => ({
      default: module.ForgotPasswordScreen,
    }),
  ),
);
const ResetPasswordScreen = lazy(() =>
  import('./features/reset-password/components/reset-password-screen').then((module) => ({
    default: module.ResetPasswordScreen,
  })),
);
const DiscoveryScreen = lazy(() =>
  import('./features/discovery/components/discovery-screen').then((module) => ({
    default: module.DiscoveryScreen,
  })),
);
const InvitationJoinScreen = lazy(() =>
  import('./features/invitation/components/invitation-join-screen').then((module) => ({
    default: module.InvitationJoinScreen,
  })),
);

/** The routes this remote owns (docs/architecture.md); the shell renders this under its layout-less paths. */
export default function AuthRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/register" element={<RegisterScreen />} />
        <Route path="/forgot" element={<ForgotPasswordScreen />} />
        <Route path="/reset-password" element={<ResetPasswordScreen />} />
        <Route path="/discovery" element={<DiscoveryScreen />} />
        <Route path="/invitation/join/:id" element={<InvitationJoinScreen />} />
      </Routes>
    </Suspense>
  );
}
