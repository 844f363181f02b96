import { useEffect, useRef } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { dismissStaleErrors, TOAST_AUTO_CLOSE_MS } from './notify';

/** An error shown this recently survives a change of screen (it explains the redirect). */
export const ERRORS_KEPT_ACROSS_NAVIGATION_MS = 1500;

/** Mounted once, by the shell: every remote's toasts appear here, dark, at the bottom right. */
export function ToastHost() {
  return (
    <>
      {useInRouterContext() ? <StaleErrorsClosedOnNavigation /> : null}
      <ToastContainer position="bottom-right" theme="dark" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
    </>
  );
}

/** A new screen does not inherit the previous one's error messages. */
function StaleErrorsClosedOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dismissStaleErrors(ERRORS_KEPT_ACROSS_NAVIGATION_MS);
  }, [pathname]);
  return null;
}
