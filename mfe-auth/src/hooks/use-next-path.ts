import { useSearchParams } from 'react-router-dom';
import { safeNextPath } from '../utils/safe-next-path';

export const DEFAULT_DESTINATION = '/dashboard';

export type NextPath = {
  /** The safe `?next=` path, to hand on to the other auth screens. */
  next: string | null;
  /** Where a signed-in user goes: `next`, else /dashboard. */
  destination: string;
};

export function useNextPath(): NextPath {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  return { next, destination: next ?? DEFAULT_DESTINATION };
}
