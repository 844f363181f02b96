// The licences component for the composition root: its routes, the licence gate of the prospecting
// calls, and what the organisations and invitations components may ask (LicenceBook).
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../access/api-routes';
import type { LicenceGate } from '../access/organisation-access';
import { LicencesRepository } from './repository';
import { registerLicenceRoutes } from './routes';
import { LicencesService } from './service';

export type LicencesModuleDeps = {
  store: Store;
  now: () => number;
  trialDays: number;
  trialLicences: number;
  isMember: (organisationId: string, userId: string) => Promise<boolean>;
  ownerOf: (organisationId: string) => Promise<string | null>;
  /** Runs after every write to an organisation's licences: moves its access version. */
  licencesChanged: (organisationId: string) => Promise<void>;
};

/** What other components may do with licences. */
export type LicenceBook = Pick<
  LicencesService,
  'startTrial' | 'holders' | 'status' | 'hasFreeLicence' | 'release'
>;

/** What the billing component may do: apply what the payment provider confirmed, tell when the trial ends. */
export type PaidLicences = Pick<LicencesService, 'syncPaidSeats' | 'findKey' | 'trialEndsAt'>;

export type LicencesModule = {
  start(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
  gate: LicenceGate;
  book: LicenceBook;
  paid: PaidLicences;
};

export function createLicencesModule(deps: LicencesModuleDeps): LicencesModule {
  const repository = new LicencesRepository(deps.store, deps.licencesChanged);
  const licences = new LicencesService({ ...deps, repository });
  return {
    start: () => repository.ensureIndexes(),
    registerRoutes: (api) => registerLicenceRoutes(api, licences),
    gate: (access) => licences.redirectFor(access),
    book: {
      startTrial: (organisationId, ownerId) => licences.startTrial(organisationId, ownerId),
      holders: (organisationId, accessVersion) => licences.holders(organisationId, accessVersion),
      status: (organisationId, userId) => licences.status(organisationId, userId),
      hasFreeLicence: (organisationId) => licences.hasFreeLicence(organisationId),
      release: (organisationId, userId) => licences.release(organisationId, userId),
    },
    paid: {
      syncPaidSeats: (paid) => licences.syncPaidSeats(paid),
      findKey: (organisationId, keyId) => licences.findKey(organisationId, keyId),
      trialEndsAt: (organisationId) => licences.trialEndsAt(organisationId),
    },
  };
}
