// The rounds (tournées) component for the composition root. It checks each stop through the
// opportunities component's visibility rule and geocodes start addresses through the prospects
// component's address service (GEOCODER_URL).
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import { RoundsRepository } from './repository';
import { registerRoundRoutes } from './routes';
import type { Geocoding } from '../prospects/module';
import { type AssertVisibleOpportunity, RoundsService } from './service';

export type RoundsModuleDeps = {
  store: Store;
  now: () => number;
  assertVisible: AssertVisibleOpportunity;
  geocoding: Geocoding;
  /** MAP_TILE_URL, or undefined for the offline base map. */
  mapTileUrl: string | undefined;
};

export type RoundsModule = {
  start(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
};

export function createRoundsModule(deps: RoundsModuleDeps): RoundsModule {
  const repository = new RoundsRepository(deps.store);
  const rounds = new RoundsService({
    repository,
    assertVisible: deps.assertVisible,
    geocoding: deps.geocoding,
    tileUrl: deps.mapTileUrl ?? null,
    now: deps.now,
  });
  return {
    start: () => repository.ensureIndexes(),
    registerRoutes: (api) => registerRoundRoutes(api, rounds),
  };
}
