import { useEffect, useState } from 'react';
import { APP_EVENTS, MODAL_FADE_OUT_MS, useAppEvent } from '@app/platform';
import { ImportModal } from './import-modal';

type Session = { key: number; open: boolean };

/**
 * Mounted once for every prospecting page: opens the import when the files list or the menu sends
 * APP_EVENTS.openImportModal. Each opening starts afresh; after closing, the modal (its worker and
 * the file's rows) is let go once it has faded out.
 */
export function ImportModalHost() {
  const [session, setSession] = useState<Session | null>(null);

  useAppEvent(APP_EVENTS.openImportModal, () =>
    setSession((current) => (current?.open ? current : { key: (current?.key ?? 0) + 1, open: true })),
  );

  useEffect(() => {
    if (!session || session.open) return undefined;
    const timer = setTimeout(
      () => setSession((current) => (current?.open ? current : null)),
      MODAL_FADE_OUT_MS,
    );
    return () => clearTimeout(timer);
  }, [session]);

  if (!session) return null;
  return (
    <ImportModal
      key={session.key}
      open={session.open}
      onClose={() => setSession((current) => current && { ...current, open: false })}
    />
  );
}
