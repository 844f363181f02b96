// The rounds (tournées) component for the composition root. It checks each stop through the
// opportunities component's visibility rule and geocodes start addresses with the same service as
// the prospects (GEOCODER_URL).
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../access/api-routes';
import { createGeocoder, GEOCODER_MESSAGES } from '../prospects/geocoder';
import { RoundsRepository } from './repository';
import { registerRoundRoutes } from './routes';
import { type AssertVisibleOpportunity, RoundsService } from './service';

export type RoundsModuleDeps = {
  store: Store;
  now: () => number;
  assertVisible: AssertVisibleOpportunity;
  geocoderUrl: string | undefined;
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
    geocoder: deps.geocoderUrl ? createGeocoder(deps.geocoderUrl) : null,
    geocoderNotConfigured: GEOCODER_MESSAGES.notConfigured,
    tileUrl: deps.mapTileUrl ?? null,
    now: deps.now,
  });
  return {
    start: () => repository.ensureIndexes(),
    registerRoutes: (api) => registerRoundRoutes(api, rounds),
  };
}
