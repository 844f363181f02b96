import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** Navigates to `path` after `delayMs`; leaving the screen first cancels it. */
export function useDelayedNavigate(): (path: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(
    (path: string, delayMs: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => navigate(path, { replace: true }), delayMs);
    },
    [navigate],
  );
}
