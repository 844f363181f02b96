import { useEffect, useState } from 'react';
import { formatClock } from '@app/domain';
import { Footer } from './footer';

/** SPEC.md §9: the clock refreshes every 30 s. */
export const CLOCK_REFRESH_MS = 30_000;

export type ClockProps = {
  /** An inactive clock shows the time only, without the footer. */
  inactive?: boolean;
};

export function Clock({ inactive = false }: ClockProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="shell-clock">
      <time aria-label="Heure locale" dateTime={now.toISOString()}>
        {formatClock(now)}
      </time>
      {inactive ? null : <Footer />}
    </div>
  );
}
