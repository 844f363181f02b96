import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { readOpportunityIds } from '@app/platform';

export type ListNavigation = {
  previousId: string | null;
  nextId: string | null;
  /** 1-based position in the list, null when the opportunity is not in it. */
  position: number | null;
  total: number;
  goTo: (opportunityId: string) => void;
};

const TYPING = 'input, textarea, select, [contenteditable="true"]';

/** Focus in a field, or a modal open: the arrow keys belong to them. */
function arrowsBelongElsewhere(event: KeyboardEvent): boolean {
  const target = event.target;
  if (target instanceof Element && target.closest(TYPING)) return true;
  return document.querySelector('[aria-modal="true"], .state-picker') !== null;
}

/**
 * Previous and next opportunity in the list the user came from, kept in local storage under the
 * list's type (ids separated by ';', SPEC §2); the left and right arrow keys move through it.
 */
export function useListNavigation(type: string | null, opportunityId: string): ListNavigation {
  const navigate = useNavigate();
  const ids = useMemo(() => (type ? readOpportunityIds(type) : []), [type]);
  const index = ids.indexOf(opportunityId);
  const previousId = index > 0 ? (ids[index - 1] ?? null) : null;
  const nextId = index >= 0 && index < ids.length - 1 ? (ids[index + 1] ?? null) : null;

  const goTo = useMemo(
    () => (id: string) => {
      const query = type ? `?type=${encodeURIComponent(type)}` : '';
      navigate(`/dashboard/opportunity/${encodeURIComponent(id)}${query}`);
    },
    [navigate, type],
  );

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (arrowsBelongElsewhere(event)) return;
      const target = event.key === 'ArrowLeft' ? previousId : nextId;
      if (!target) return;
      event.preventDefault();
      goTo(target);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [previousId, nextId, goTo]);

  return { previousId, nextId, position: index >= 0 ? index + 1 : null, total: ids.length, goTo };
}
