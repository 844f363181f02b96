// The opportunities component for the composition root; it reaches prospects only through the
// catalogue the prospects component exports.
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../access/api-routes';
import type { ProspectCatalogue } from '../prospects/module';
import { OpportunitiesRepository } from './repository';
import { registerOpportunityRoutes } from './routes';
import { OpportunitiesService } from './service';

export type OpportunitiesModuleDeps = { store: Store; now: () => number; prospects: ProspectCatalogue };

export type OpportunitiesModule = {
  start(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
};

export function createOpportunitiesModule(deps: OpportunitiesModuleDeps): OpportunitiesModule {
  const repository = new OpportunitiesRepository(deps.store);
  const opportunities = new OpportunitiesService(repository, deps.prospects, deps.now);
  return {
    start: () => repository.ensureIndexes(),
    registerRoutes: (api) => registerOpportunityRoutes(api, opportunities),
  };
}
