// The live team component for the composition root (issue 23): server-sent events telling a
// member's open screens that a colleague changed the organisation's opportunities or prospects,
// through any API process on the store (docs/decisions/live-team.md). It reads the change marks the
// opportunities and prospects components keep, and asks the organisations component for access,
// through the ports it declares.
import type { Router } from 'express';
import type { Logger } from 'pino';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import type { OrganisationAccess } from '../../http/organisation-access';
import { LIVE_TIMINGS, LiveHub, type LiveMarks, type LiveTimings } from './hub';
import { LiveRepository } from './repository';
import { liveRouter, registerLiveRoutes } from './routes';
import { LiveService, mayListen } from './service';

export type LiveModuleDeps = {
  store: Store;
  logger: Logger;
  now: () => number;
  marks: LiveMarks;
  resolveAccess(organisationId: string, userId: string): Promise<OrganisationAccess>;
  /** Shorter poll and heartbeat in tests. */
  timings?: Partial<LiveTimings>;
};

export type LiveModule = {
  start(): Promise<void>;
  /** Closes every stream of this process and stops its poller. */
  stop(): void;
  registerRoutes(api: ApiRoutes): void;
  /** The stream's GET route, outside the JSON registry. */
  router: Router;
  /** Streams open in this process (the benchmark and the tests read it). */
  openStreams(): number;
};

export function createLiveModule(deps: LiveModuleDeps): LiveModule {
  const repository = new LiveRepository(deps.store);
  const hub = new LiveHub({
    marks: deps.marks,
    stillAllowed: (owner) => mayListen(deps.resolveAccess, owner.organisationId, owner.userId),
    logger: deps.logger,
    wallClock: Date.now,
    timings: { ...LIVE_TIMINGS, ...deps.timings },
  });
  const live = new LiveService({ repository, hub, resolveAccess: deps.resolveAccess, now: deps.now });
  return {
    start: () => repository.ensureIndexes(),
    stop: () => hub.stop(),
    registerRoutes: (api) => registerLiveRoutes(api, live),
    router: liveRouter(live),
    openStreams: () => hub.size,
  };
}
