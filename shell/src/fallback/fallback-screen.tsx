import { Navigate } from 'react-router-dom';

/** "/": an empty background that sends the visitor straight to the login screen. */
export function FallbackScreen() {
  return (
    <div className="shell-fallback">
      <Navigate to="/login" replace />
    </div>
  );
}
