import { useEffect, useRef } from 'react';

/** Events the shell's navigation sends to the remotes (they cannot import each other). */
export const APP_EVENTS = {
  openImportModal: 'app:open-import-modal',
  openNewOpportunityModal: 'app:open-new-opportunity-modal',
} as const;

export type AppEvent = (typeof APP_EVENTS)[keyof typeof APP_EVENTS];

const listenerCounts = new Map<AppEvent, number>();
// An event sent while its remote is still loading waits here until the remote listens.
const pending = new Set<AppEvent>();

export function emitAppEvent(event: AppEvent): void {
  if ((listenerCounts.get(event) ?? 0) > 0) window.dispatchEvent(new CustomEvent(event));
  else pending.add(event);
}

export function useAppEvent(event: AppEvent, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = () => latest.current();
    window.addEventListener(event, listener);
    listenerCounts.set(event, (listenerCounts.get(event) ?? 0) + 1);
    if (pending.delete(event)) listener();
    return () => {
      window.removeEventListener(event, listener);
      listenerCounts.set(event, (listenerCounts.get(event) ?? 1) - 1);
    };
  }, [event]);
}
