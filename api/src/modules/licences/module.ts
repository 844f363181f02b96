// The licences component for the composition root: its routes, the licence gate of the prospecting
// calls, and what the organisations and invitations components may ask (LicenceBook).
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import type { LicenceGate } from '../../http/organisation-access';
import type { RecordAudit } from '../audit/module';
import type { Membership } from '../organisations/module';
import { LicencesRepository } from './repository';
import { registerLicenceRoutes } from './routes';
import { LicencesService } from './service';

export type { LicenceDoc } from './repository';

export type LicencesModuleDeps = {
  store: Store;
  now: () => number;
  trialDays: number;
  trialLicences: number;
  /** Who is a member, who owns; `accessChanged` runs after every write to an organisation's licences. */
  membership: Pick<Membership, 'isMember' | 'ownerOf' | 'accessChanged'>;
  record: RecordAudit;
  usernameOf: (userId: string) => Promise<string>;
};

/** What other components may do with licences. */
export type LicenceBook = Pick<
  LicencesService,
  'startTrial' | 'holders' | 'status' | 'hasFreeLicence' | 'release' | 'licensedMembers'
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
  const { membership } = deps;
  const repository = new LicencesRepository(deps.store, (organisationId) =>
    membership.accessChanged(organisationId),
  );
  const licences = new LicencesService({
    repository,
    now: deps.now,
    trialDays: deps.trialDays,
    trialLicences: deps.trialLicences,
    isMember: (organisationId, userId) => membership.isMember(organisationId, userId),
    ownerOf: (organisationId) => membership.ownerOf(organisationId),
    record: deps.record,
    usernameOf: deps.usernameOf,
  });
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
      licensedMembers: (organisationId) => licences.licensedMembers(organisationId),
    },
    paid: {
      syncPaidSeats: (paid) => licences.syncPaidSeats(paid),
      findKey: (organisationId, keyId) => licences.findKey(organisationId, keyId),
      trialEndsAt: (organisationId) => licences.trialEndsAt(organisationId),
    },
  };
}
