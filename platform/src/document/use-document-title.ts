import { useEffect } from 'react';

/** The product's name: the whole tab title where no screen says more, the end of every other one. */
export const APP_NAME = 'Prospection';

/** '<Page> · <sous-page> — Prospection', or '<Page> — Prospection' (docs/decisions/navigation.md). */
export function documentTitle(page: string, subPage?: string): string {
  return `${subPage ? `${page} · ${subPage}` : page} — ${APP_NAME}`;
}

/** Names the browser tab after the screen while it is shown; the tab reads 'Prospection' again after. */
export function useDocumentTitle(page: string, subPage?: string): void {
  useEffect(() => {
    document.title = documentTitle(page, subPage);
    return () => {
      document.title = APP_NAME;
    };
  }, [page, subPage]);
}
