// Every prospect a member may see, with the names of the files, a page at a time: for the
// organisation's data export. Visibility is this component's rule: a private file stays its creator's.
import { pagesOf } from '../../db/pages';
import type { Filter, Store } from '../../db/types';
import type { ProspectDoc } from './repository';

type FileName = { _id: string; name: string; organisationId: string; status: string };

export type ProspectBulkRead = {
  /** File id → file name, for every file of the organisation. */
  fileNames(organisationId: string): Promise<Map<string, string>>;
  visible(caller: { organisationId: string; userId: string }): AsyncIterable<readonly ProspectDoc[]>;
};

export function createProspectBulkRead(store: Store): ProspectBulkRead {
  const files = store.collection<FileName>('prospectFiles');
  const prospects = store.collection<ProspectDoc>('prospects');
  return {
    fileNames: async (organisationId) =>
      new Map((await files.find({ organisationId })).map((file) => [file._id, file.name])),
    // Not the rows of a file still importing or moving to or from the bin (never seen half).
    async *visible({ organisationId, userId }) {
      const hidden = await files.find(
        { organisationId, status: { $ne: 'ready' } },
        { projection: { _id: 1 } },
      );
      yield* pagesOf(prospects, {
        organisationId,
        $or: [{ isPrivate: { $ne: true } }, { userId }],
        ...(hidden.length > 0 ? { excelId: { $nin: hidden.map((file) => file._id) } } : {}),
      } as Filter<ProspectDoc>);
    },
  };
}
