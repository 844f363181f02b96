// /api/organisation/exportData: everything the organisation holds, as CSV files (';', quoted cells,
// formulas neutralised by the domain's csvLine). Read-only: the prospects, opportunities and messages
// components hand over their rows a page at a time (ExportSources), each applying its own visibility.
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
} from '@app/domain';
import type { OrganisationAccess } from '../../http/organisation-access';
import type { RecordAudit } from '../audit/module';
import type { OrganisationsService } from './service';

type ProspectRow = Partial<Record<ProspectField, string>> & {
  excelId: string;
  state: OpportunityState | null;
  latlng?: string;
  value?: string;
};
type OpportunityRow = {
  _id: string;
  prospectId: string;
  userId: string;
  state: OpportunityState;
  creationDate: number;
  waitingDate?: number;
  informationContractuelle?: string;
};
type MessageRow = {
  opportunityId: string;
  text: string;
  date: number;
  username: string;
  statusName: string;
};
type Caller = { organisationId: string; userId: string };

/**
 * What the export reads of the other components, each through its module: the rows the caller may
 * see (private files stay their creator's), a page at a time.
 */
export type ExportSources = {
  prospects: {
    fileNames(organisationId: string): Promise<ReadonlyMap<string, string>>;
    visible(caller: Caller): AsyncIterable<readonly ProspectRow[]>;
  };
  opportunities: { visible(caller: Caller): AsyncIterable<readonly OpportunityRow[]> };
  messages: { of(organisationId: string): AsyncIterable<readonly MessageRow[]> };
};

export type ExportFile = { name: string; csvString: string };

export class DataExport {
  constructor(
    private readonly sources: ExportSources,
    private readonly organisations: OrganisationsService,
    private readonly record: RecordAudit,
    private readonly timeZone = DEFAULT_TIME_ZONE,
  ) {}

  /** Private files stay their creator's: the export holds what the caller may see. */
  async files(access: OrganisationAccess): Promise<DataExportReply> {
    const { users } = await this.organisations.users(access.organisationId);
    const usernames = new Map(users.map((user) => [user._id, user.username]));
    const { organisationId, userId } = access;

    const fileNames = await this.sources.prospects.fileNames(organisationId);
    const prospects: string[] = [
      csvLine([
        'Fichier',
        ...PROSPECT_FIELDS.map((field) => PROSPECT_FIELD_LABELS[field]),
        'Coordonnées',
        'Champs personnalisés',
        'État',
      ]),
    ];
    for await (const page of this.sources.prospects.visible({ organisationId, userId })) {
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
    const exported = new Set<string>();
    for await (const page of this.sources.opportunities.visible({ organisationId, userId })) {
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
    for await (const page of this.sources.messages.of(organisationId)) {
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

    await this.record({
      organisationId,
      actorUserId: userId,
      kind: 'exported',
      subject: { type: 'export', id: organisationId, label: 'Export des données de l’organisation' },
      // Lines of data, headers apart.
      details: {
        Prospects: prospects.length - 1,
        Opportunités: opportunities.length - 1,
        Commentaires: messages.length - 1,
        Collaborateurs: members.length - 1,
      },
    });
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
