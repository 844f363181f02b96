import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '@app/platform';
import { AccountScreen } from './features/account/components/account-screen';
import { CollaboratorsScreen } from './features/collaborators/components/collaborators-screen';
import { DataScreen } from './features/data/components/data-screen';
import { SettingsHub } from './features/hub/components/settings-hub';
import { LicencesButton } from './features/licences/components/licences-button';
import { OrganisationScreen } from './features/organisation/components/organisation-screen';
import { RolesScreen } from './features/roles/components/roles-screen';

const BASE = '/dashboard/prospect/settings';

// The audit log and its list virtualizer load when first opened, not with the remote's entry.
const AuditScreen = lazy(() =>
  import('./features/audit/components/audit-screen').then((module) => ({ default: module.AuditScreen })),
);

export default function SettingsRoutes() {
  return (
    <Routes>
      <Route path={BASE} element={<SettingsHub />} />
      <Route
        path={`${BASE}/collaborateurs`}
        element={<CollaboratorsScreen licences={(reload) => <LicencesButton onAssigned={reload} />} />}
      />
      <Route path={`${BASE}/roles`} element={<RolesScreen />} />
      <Route path={`${BASE}/organisation`} element={<OrganisationScreen />} />
      <Route path={`${BASE}/donnees`} element={<DataScreen />} />
      <Route path={`${BASE}/compte`} element={<AccountScreen />} />
      <Route
        path={`${BASE}/historique`}
        element={
          <Suspense fallback={<LoadingScreen />}>
            <AuditScreen />
          </Suspense>
        }
      />
      <Route path={`${BASE}/*`} element={<Navigate to={BASE} replace />} />
    </Routes>
  );
}
