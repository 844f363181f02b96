// /api/organisation/exportData: everything the organisation holds, as CSV files (';', quoted cells,
// formulas neutralised by the domain's csvLine). Read-only, by chunks with a yield between them.
// It reads the prospects, opportunities and messages collections directly: their components export
// no bulk read, and a read-only export should not widen them (docs/decisions/settings-rules.md).
import {
  csvLine,
  type DataExportReply,
  DEFAULT_TIME_ZONE,
  formatDateInZone,
  formatDateTimeInZone,
  OPPORTUNITY_STATE_LABELS,
  type OpportunityState,
  PROSPECT_FIELD_LABELS,
  PROSPECT_FIELDS,
  type ProspectField,
  type ProspectFileRow,
} from '@app/domain';
import type { Collection, Filter, Store } from '../../db/types';
import type { OrganisationAccess } from '../access/organisation-access';
import type { OrganisationsService } from './service';

type ProspectRow = Partial<Record<ProspectField, string>> & {
  _id: string;
  organisationId: string;
  excelId: string;
  userId: string;
  isPrivate: boolean;
  state: OpportunityState | null;
  latlng?: string;
  value?: string;
};
type FileRow = Pick<ProspectFileRow, '_id' | 'name'> & { organisationId: string };
type OpportunityRow = {
  _id: string;
  organisationId: string;
  prospectId: string;
  userId: string;
  state: OpportunityState;
  creationDate: number;
  waitingDate?: number;
  isPrivate?: boolean;
  fileOwnerId?: string;
  informationContractuelle?: string;
};
type MessageRow = {
  _id: string;
  organisationId: string;
  opportunityId: string;
  text: string;
  date: number;
  username: string;
  statusName: string;
};

export type ExportFile = { name: string; csvString: string };

const CHUNK = 2000;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every document matching `filter`, in _id order, a chunk at a time. */
async function* chunks<T extends { _id: string }>(collection: Collection<T>, filter: Filter<T>) {
  let after: string | null = null;
  for (;;) {
    const page: T[] = await collection.find(
      (after === null ? filter : { ...filter, _id: { $gt: after } }) as Filter<T>,
      { sort: { _id: 1 }, limit: CHUNK },
    );
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]?._id ?? null;
    await yieldToEventLoop();
  }
}

export class DataExport {
  private readonly prospects: Collection<ProspectRow>;
  private readonly prospectFiles: Collection<FileRow>;
  private readonly opportunities: Collection<OpportunityRow>;
  private readonly messages: Collection<MessageRow>;

  constructor(
    store: Store,
    private readonly organisations: OrganisationsService,
    private readonly timeZone = DEFAULT_TIME_ZONE,
  ) {
    this.prospects = store.collection<ProspectRow>('prospects');
    this.prospectFiles = store.collection<FileRow>('prospectFiles');
    this.opportunities = store.collection<OpportunityRow>('opportunities');
    this.messages = store.collection<MessageRow>('messages');
  }

  /** Private files stay their creator's: the export holds what the caller may see. */
  async files(access: OrganisationAccess): Promise<DataExportReply> {
    const { users } = await this.organisations.users(access.organisationId);
    const usernames = new Map(users.map((user) => [user._id, user.username]));
    const { organisationId, userId } = access;

    const fileNames = new Map(
      (await this.prospectFiles.find({ organisationId })).map((file) => [file._id, file.name]),
    );
    const prospects: string[] = [
      csvLine([
        'Fichier',
        ...PROSPECT_FIELDS.map((field) => PROSPECT_FIELD_LABELS[field]),
        'Coordonnées',
        'Champs personnalisés',
        'État',
      ]),
    ];
    const visibleProspects = {
      organisationId,
      $or: [{ isPrivate: { $ne: true } }, { userId }],
    } as Filter<ProspectRow>;
    for await (const page of chunks(this.prospects, visibleProspects)) {
      for (const row of page) {
        prospects.push(
          csvLine([
            fileNames.get(row.excelId) ?? '',
            ...PROSPECT_FIELDS.map((field) => row[field] ?? ''),
            row.latlng ?? '',
            row.value ?? '',
            row.state ? OPPORTUNITY_STATE_LABELS[row.state] : '',
          ]),
        );
      }
    }

    const opportunities: string[] = [
      csvLine([
        'Identifiant',
        'Prospect',
        'Collaborateur',
        'État',
        'Date de création',
        'Date de relance',
        'Informations contractuelles',
      ]),
    ];
    const visibleOpportunities = {
      organisationId,
      $or: [{ isPrivate: { $ne: true } }, { fileOwnerId: userId }, { userId }],
    } as Filter<OpportunityRow>;
    const exported = new Set<string>();
    for await (const page of chunks(this.opportunities, visibleOpportunities)) {
      for (const row of page) {
        exported.add(row._id);
        opportunities.push(
          csvLine([
            row._id,
            row.prospectId,
            usernames.get(row.userId) ?? '',
            OPPORTUNITY_STATE_LABELS[row.state],
            formatDateInZone(row.creationDate, this.timeZone),
            row.waitingDate === undefined ? '' : formatDateTimeInZone(row.waitingDate, this.timeZone),
            row.informationContractuelle ?? '',
          ]),
        );
      }
    }

    const messages: string[] = [csvLine(['Opportunité', 'Date', 'Auteur', 'Statut', 'Commentaire'])];
    for await (const page of chunks(this.messages, { organisationId } as Filter<MessageRow>)) {
      for (const row of page) {
        if (!exported.has(row.opportunityId)) continue;
        messages.push(
          csvLine([
            row.opportunityId,
            formatDateTimeInZone(row.date, this.timeZone),
            row.username,
            row.statusName,
            row.text,
          ]),
        );
      }
    }

    const members = [
      csvLine(['Nom', 'E-mail', 'Rôle', 'Licence']),
      ...users.map((user) =>
        csvLine([user.username, user.email, user.roles[0]?.name ?? '', user.licenceId ? 'Oui' : 'Non']),
      ),
    ];

    return {
      files: [
        { name: 'prospects.csv', csvString: prospects.join('') },
        { name: 'opportunites.csv', csvString: opportunities.join('') },
        { name: 'commentaires.csv', csvString: messages.join('') },
        { name: 'collaborateurs.csv', csvString: members.join('') },
      ],
    };
  }
}
