import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { type AppEvent, emitAppEvent, useAppEvent } from '@app/platform';

function FirstEventListener({ event, onEvent }: { event: AppEvent; onEvent: () => void }) {
  useAppEvent(event, onEvent);
  return null;
}

/**
 * Keeps a modal's code out of the first screen: until `event` is first sent, only a listener is
 * mounted; then the (lazy) host is rendered and the event sent again. With no listener mounted at
 * that moment, the platform keeps the event until the host listens (platform/src/events/app-events.ts).
 */
export function DeferredHost({ event, children }: { event: AppEvent; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) emitAppEvent(event);
  }, [wanted, event]);
  if (!wanted) return <FirstEventListener event={event} onEvent={() => setWanted(true)} />;
  return <Suspense fallback={null}>{children}</Suspense>;
}
