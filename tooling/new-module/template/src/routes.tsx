import { Route, Routes } from 'react-router-dom';
import { startFirstScreen } from '@app/platform';
import { HomeScreen } from './features/home/components/home-screen';

// A page opened on one of this module's addresses: this module is loaded before the shell's first
// render, while the session check is on its way. A screen that reads the API starts its calls here
// (`start`: `prefetchApiQuery` keyed as its `useApiQuery`, with the address's parameters and the stored
// organisation), its lazy code and heavy libraries too, instead of once it renders
// (docs/decisions/data-fetching.md; mfe-reports/src/routes.tsx does it for its reports).
startFirstScreen([{ path: '__ROUTE__' }]);

// The one exposed module (./Routes): absolute paths under the prefix the manifest gives this module.
export default function __COMPONENT__Routes() {
  return (
    <Routes>
      <Route path="__ROUTE__" element={<HomeScreen />} />
    </Routes>
  );
}
