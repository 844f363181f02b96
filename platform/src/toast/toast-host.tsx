import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from './notify';

/** Mounted once, by the shell: every remote's toasts appear here, dark, at the bottom right. */
export function ToastHost() {
  return <ToastContainer position="bottom-right" theme="dark" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
