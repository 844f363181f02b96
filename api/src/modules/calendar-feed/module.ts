// The calendar feed component for the composition root: each member's private iCalendar address of
// their follow-ups and renewals per organisation (docs/decisions/calendar-feed.md). It asks the
// organisations component for the member's access, the licences component for their licence, the
// follow-ups component for the member's dated opportunities, the prospects component for the
// prospects' names, and a change token of the store, through the ports it declares (CalendarFeedPorts).
import type { Router } from 'express';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import type { RateLimitCounters } from '../../http/rate-limit';
import { CalendarFeedRepository } from './repository';
import { feedRouter, registerCalendarFeedRoutes } from './routes';
import { CalendarFeedService, type CalendarFeedPorts } from './service';

export type { CalendarFeedPorts } from './service';

export type CalendarFeedModuleDeps = CalendarFeedPorts & {
  store: Store;
  now: () => number;
  /** Wall-clock time of the rate-limit windows. */
  rateLimitNow: () => number;
  rateLimitCounters: RateLimitCounters;
  publicUrl: string;
  timeZone: string;
};

export type CalendarFeedModule = {
  start(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
  /** The feed's GET route, outside the JSON registry (no session: the secret is in the path). */
  router: Router;
};

export function createCalendarFeedModule(deps: CalendarFeedModuleDeps): CalendarFeedModule {
  const repository = new CalendarFeedRepository(deps.store);
  const feeds = new CalendarFeedService({
    repository,
    now: deps.now,
    publicUrl: deps.publicUrl,
    timeZone: deps.timeZone,
    resolveAccess: deps.resolveAccess,
    hasLicence: deps.hasLicence,
    prospectsByIds: deps.prospectsByIds,
    followUps: deps.followUps,
    changeToken: deps.changeToken,
  });
  return {
    start: () => repository.ensureIndexes(),
    registerRoutes: (api) => registerCalendarFeedRoutes(api, feeds),
    router: feedRouter(feeds, deps.rateLimitCounters, { now: deps.now, wallClock: deps.rateLimitNow }),
  };
}
