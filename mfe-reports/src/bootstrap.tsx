import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastHost } from '@app/platform';
import RemoteRoutes from './routes';

// Standalone development page of this remote; in the product the shell renders ./Routes.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <RemoteRoutes />
        <ToastHost />
      </BrowserRouter>
    </StrictMode>,
  );
}
