// What the reports component may ask of the prospects (issue 22): the files a member may see with
// their imported rows, and the prospects taken as opportunities grouped by a place or an activity,
// computed by the store. A private file stays its creator's (the lists' rule). docs/decisions/reports.md.
import type { Filter, GroupRow, Store } from '../../db/types';
import { ProspectsRepository, type ProspectDoc } from './repository';

export type ReportFile = { excelId: string; name: string; imported: number };

export type TakenProspectsQuery = {
  organisationId: string;
  /** The caller: another member's private file is left out. */
  userId: string;
  /** Only those taken by this member. */
  takenBy?: string;
  excelId?: string;
  /** Taken in [from, to). */
  takenIn: { from: number; to: number };
  /** The field to group by. */
  field: 'departement' | 'region' | 'libelleactivite';
};

export type ProspectReportFigures = {
  files(organisationId: string, userId: string): Promise<ReportFile[]>;
  /** Rows { label, state, count } of the prospects made into opportunities. */
  takenBy(query: TakenProspectsQuery): Promise<GroupRow[]>;
};

/**
 * Only the taken prospects (a partial index: an import writes nothing into it), with every field the
 * figures filter or group by, so SQLite answers them from the index alone (docs/decisions/reports.md).
 */
export async function ensureProspectReportIndexes(store: Store): Promise<void> {
  await store.collection<ProspectDoc>('prospects').createIndex(
    {
      organisationId: 1,
      acceptedAt: 1,
      departement: 1,
      region: 1,
      libelleactivite: 1,
      state: 1,
      isPrivate: 1,
      userId: 1,
      acceptedBy: 1,
      excelId: 1,
      isAccepted: 1,
    },
    { onlyWith: 'acceptedAt' },
  );
}

export function createProspectReportFigures(store: Store): ProspectReportFigures {
  const repository = new ProspectsRepository(store);
  return {
    async files(organisationId, userId) {
      const files = await repository.listVisibleFiles(organisationId, userId);
      return files.map((file) => ({ excelId: file._id, name: file.name, imported: file.count }));
    },
    takenBy(query) {
      const filter: Filter<ProspectDoc> = {
        organisationId: query.organisationId,
        isAccepted: true,
        $or: [{ isPrivate: false }, { userId: query.userId }],
      };
      if (query.takenBy !== undefined) filter.acceptedBy = query.takenBy;
      if (query.excelId !== undefined) filter.excelId = query.excelId;
      return repository.prospects.group(filter, {
        by: { label: query.field, state: 'state' },
        totals: { count: { $count: true } },
        // A range on the partial index's field: what lets the store pick it (docs/decisions/reports.md).
        within: [{ field: 'acceptedAt', ...query.takenIn }],
      });
    },
  };
}
