// The round's map once the screen around it is painted and the browser idle: Leaflet (~40 KB gz) is
// downloaded and evaluated then, never before the round's summary and stops, which are the phone's
// largest paint; its style sheet is a chunk of its own, injected in a task apart from Leaflet's
// evaluation (docs/decisions/lighthouse.md, sixth pass).
import { lazy, Suspense, useEffect, useState } from 'react';
import { Spinner } from '@app/platform';
import { afterPaint, whenIdle } from '../../../utils/after-paint';
import type { RoundMapProps } from './round-map';

const RoundMap = lazy(() =>
  Promise.all([
    import(/* webpackChunkName: "leaflet-styles" */ '../utils/leaflet-styles'),
    import(/* webpackChunkName: "round-map" */ './round-map'),
  ]).then(([, map]) => map),
);

export function DeferredRoundMap(props: RoundMapProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void afterPaint()
      .then(whenIdle)
      .then(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  const loading = <Spinner label="Chargement de la carte" />;
  return ready ? (
    <Suspense fallback={loading}>
      <RoundMap {...props} />
    </Suspense>
  ) : (
    loading
  );
}
