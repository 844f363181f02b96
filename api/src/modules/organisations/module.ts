// The organisations component for the composition root, on two floors. `createMembership` (who
// belongs where, with which role) comes first: the route registry, licences, billing, opportunities
// and invitations ask it (Membership). `createOrganisationsModule` (organisations, roles, the team,
// the data export) comes after them: it asks the licences, the opportunities and the components whose
// rows it exports, through ports it declares (OrganisationLicences, ExportSources).
import type { Store } from '../../db/types';
import type { RecordAudit } from '../audit/module';
import type { ApiRoutes } from '../../http/api-routes';
import type { AccountDirectory } from '../accounts/module';
import { DataExport, type ExportSources } from './data-export';
import { OrganisationMembership } from './membership';
import { registerOrganisationRoutes } from './routes';
import { type OrganisationLicences, OrganisationsService } from './service';
import { TeamService } from './team-service';

export type { ExportSources } from './data-export';
export type { OrganisationLicences } from './service';

/** What other components may ask of an organisation's membership. */
export type Membership = Pick<
  OrganisationMembership,
  'isMember' | 'ownerOf' | 'nameOf' | 'accessChanged' | 'resolveAccess' | 'addMember'
>;

export function createMembership(deps: { store: Store; now: () => number }): OrganisationMembership {
  return new OrganisationMembership(deps.store, deps.now);
}

export type OrganisationsModuleDeps = {
  membership: OrganisationMembership;
  accounts: AccountDirectory;
  licences: OrganisationLicences;
  /** Gives every opportunity of a departing member to another member (the opportunities component). */
  handOver: (organisationId: string, fromUserId: string, toUserId: string) => Promise<number>;
  exportSources: ExportSources;
  now: () => number;
  /** The organisation's audit log: roles, role assignments, removals, the data export. */
  record: RecordAudit;
};

export type OrganisationsModule = {
  start(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
  /** Founds an organisation owned by `ownerId`, with the default roles and a trial (quick sign-up). */
  founder: { found(ownerId: string, organisation: { name: string; phone: string }): Promise<unknown> };
};

export function createOrganisationsModule(deps: OrganisationsModuleDeps): OrganisationsModule {
  const { repository, directory } = deps.membership;
  const organisations = new OrganisationsService(
    repository,
    directory,
    deps.accounts,
    deps.licences,
    deps.now,
    deps.membership.memberListMark,
  );
  const team = new TeamService({
    repository,
    accounts: deps.accounts,
    licences: deps.licences,
    handOver: deps.handOver,
    now: deps.now,
    record: deps.record,
  });
  const dataExport = new DataExport(deps.exportSources, organisations, deps.record);
  return {
    start: () => repository.ensureIndexes(),
    registerRoutes: (api) => registerOrganisationRoutes(api, organisations, team, dataExport),
    founder: { found: (ownerId, organisation) => organisations.create(ownerId, organisation) },
  };
}
