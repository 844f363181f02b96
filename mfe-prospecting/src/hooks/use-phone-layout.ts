import { useSyncExternalStore } from 'react';

/** The phone layout's breakpoint, shared with the CSS (docs/decisions/phone-layout.md). */
export const PHONE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// Without matchMedia (jsdom), the desk layout.
const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * True under 768 px: where a table becomes a list of cards. Follows the window as it turns or is
 * resized, so a tablet turned to portrait switches at once.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
