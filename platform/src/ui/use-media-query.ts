import { useCallback, useSyncExternalStore } from 'react';

/**
 * The shared breakpoints (docs/decisions/phone-layout.md): phone below 768 px, tablet 768–1023 px,
 * desk from 1024 px. ui.css uses the same numbers in its media queries.
 */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';
export const TABLET_MEDIA_QUERY = '(min-width: 768px) and (max-width: 1023.98px)';

/** Whether the window matches `query` now, kept current as the window changes (false where matchMedia is absent). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, read, () => false);
}

/** True below 768 px: tables become card lists, the navigation rail a drawer, modals sheets. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY);
}
