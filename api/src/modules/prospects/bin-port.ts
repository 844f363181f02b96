// What the bin (api/src/modules/bin) may do with prospect files and prospects: find what a caller
// may delete, take documents out of the live collections, put them back, and say what would clash
// on the way back. Called inside the bin's store transaction: store calls only (write-transactions.md).
import { fileNotFound } from './errors';
import type { Caller } from './import-service';
import type { ProspectDoc, ProspectFileDoc, ProspectsRepository } from './repository';

/** The dedup keys are compared this many at a time (one indexed query each). */
const KEY_SLICE = 500;

export type ProspectBinPort = {
  /** A ready file the caller may see; the same 404 for unknown, foreign and someone else's private one. */
  visibleFile(caller: Caller, excelId: string): Promise<ProspectFileDoc>;
  /** A prospect the caller may see, in a ready file or outside any; 404 otherwise (service.ts). */
  visibleProspect(caller: Caller, prospectId: string): Promise<ProspectDoc>;
  /** Every prospect of a file, whole. */
  prospectsOfFile(organisationId: string, excelId: string): Promise<ProspectDoc[]>;
  /** A file's prospects someone may have worked: taken, with an opportunity id, or edited. */
  workedOfFile(organisationId: string, excelId: string): Promise<ProspectDoc[]>;
  countOfFile(organisationId: string, excelId: string): Promise<number>;
  /** Up to `limit` prospects of a file, but those of `except` (a chunk of a move to the bin). */
  chunkOfFile(
    organisationId: string,
    excelId: string,
    except: readonly string[],
    limit: number,
  ): Promise<ProspectDoc[]>;
  /** The file whatever its status, null when there is none with this id. */
  fileById(organisationId: string, excelId: string): Promise<ProspectFileDoc | null>;
  /** Moves a file between 'ready' and 'binning' (hidden while its prospects move); false when not `from`. */
  setFileStatus(
    organisationId: string,
    excelId: string,
    from: 'ready' | 'binning',
    to: 'ready' | 'binning',
  ): Promise<boolean>;
  prospectsByIds(organisationId: string, ids: readonly string[]): Promise<ProspectDoc[]>;
  /** Removes the file document (its prospects go through removeProspects). */
  removeFile(file: Pick<ProspectFileDoc, '_id' | 'organisationId'>): Promise<void>;
  removeProspects(organisationId: string, ids: readonly string[]): Promise<number>;
  /** Moves a file's counters (prospects and those taken) and its modification date. */
  adjustFile(
    organisationId: string,
    excelId: string,
    change: { count: number; countSelected: number },
    now: number,
  ): Promise<boolean>;
  /** A live ready file of the organisation with this id (whoever's). */
  liveFile(organisationId: string, excelId: string): Promise<boolean>;
  /** The name of a file of the organisation, null when there is none with this id. */
  fileName(organisationId: string, excelId: string): Promise<string | null>;
  /** A live ready file of the organisation with this name. */
  fileNameTaken(organisationId: string, name: string): Promise<boolean>;
  insertFile(file: ProspectFileDoc): Promise<void>;
  insertProspects(docs: readonly ProspectDoc[]): Promise<void>;
  /** Which of these dedup keys live prospects of the organisation hold. */
  liveDedupKeys(organisationId: string, keys: readonly string[]): Promise<Set<string>>;
  /** Gives a taken prospect back to its file (its opportunity went to the bin). */
  release(prospect: ProspectDoc, now: number): Promise<boolean>;
  /** Takes it again as it was (restoring its opportunity); false when another took it meanwhile. */
  retake(before: ProspectDoc, now: number): Promise<boolean>;
  /** After any of the writes above: the opportunities component's kept prospect views are stale. */
  changed(organisationId: string): Promise<void>;
};

export function createProspectBinPort(
  repository: ProspectsRepository,
  isVisibleProspect: (caller: Caller, prospectId: string) => Promise<ProspectDoc>,
): ProspectBinPort {
  const { files, prospects } = repository;
  return {
    async visibleFile(caller, excelId) {
      const file = await repository.findVisibleFile(caller.organisationId, caller.userId, excelId);
      if (!file) throw fileNotFound();
      return file;
    },
    visibleProspect: (caller, prospectId) => isVisibleProspect(caller, prospectId),
    prospectsOfFile: (organisationId, excelId) => prospects.find({ organisationId, excelId }),
    workedOfFile: (organisationId, excelId) =>
      prospects.find({
        organisationId,
        excelId,
        $or: [{ isAccepted: true }, { opportunityId: { $exists: true } }, { editedAt: { $exists: true } }],
      }),
    countOfFile: (organisationId, excelId) => prospects.countDocuments({ organisationId, excelId }),
    chunkOfFile: (organisationId, excelId, except, limit) =>
      prospects.find(
        except.length === 0
          ? { organisationId, excelId }
          : { organisationId, excelId, _id: { $nin: [...except] } },
        { limit },
      ),
    fileById: (organisationId, excelId) => files.findOne({ _id: excelId, organisationId }),
    async setFileStatus(organisationId, excelId, from, to) {
      const { matchedCount } = await files.updateOne(
        { _id: excelId, organisationId, status: from },
        { $set: { status: to } },
      );
      return matchedCount === 1;
    },
    prospectsByIds: async (organisationId, ids) =>
      ids.length === 0 ? [] : prospects.find({ organisationId, _id: { $in: [...ids] } }),
    async removeFile(file) {
      await files.deleteOne({ _id: file._id, organisationId: file.organisationId });
    },
    async removeProspects(organisationId, ids) {
      let removed = 0;
      for (let first = 0; first < ids.length; first += KEY_SLICE)
        removed += (
          await prospects.deleteMany({ organisationId, _id: { $in: ids.slice(first, first + KEY_SLICE) } })
        ).deletedCount;
      return removed;
    },
    async adjustFile(organisationId, excelId, change, now) {
      const { matchedCount } = await files.updateOne(
        { _id: excelId, organisationId, status: 'ready' },
        { $inc: change, $set: { lastModificationDate: now } },
      );
      return matchedCount === 1;
    },
    liveFile: async (organisationId, excelId) =>
      (await files.findOne({ _id: excelId, organisationId, status: 'ready' }, { projection: { _id: 1 } })) !==
      null,
    fileName: async (organisationId, excelId) =>
      (await files.findOne({ _id: excelId, organisationId }, { projection: { name: 1 } }))?.name ?? null,
    fileNameTaken: async (organisationId, name) =>
      (await files.findOne({ organisationId, name, status: 'ready' }, { projection: { _id: 1 } })) !== null,
    async insertFile(file) {
      await files.insertOne(file);
    },
    async insertProspects(docs) {
      for (let first = 0; first < docs.length; first += KEY_SLICE)
        await prospects.insertMany(docs.slice(first, first + KEY_SLICE));
    },
    async liveDedupKeys(organisationId, keys) {
      const found = new Set<string>();
      const unique = [...new Set(keys)];
      for (let first = 0; first < unique.length; first += KEY_SLICE) {
        const docs = await prospects.find(
          { organisationId, dedupKey: { $in: unique.slice(first, first + KEY_SLICE) } },
          { projection: { dedupKey: 1 } },
        );
        for (const doc of docs) found.add(doc.dedupKey);
      }
      return found;
    },
    async release(prospect, now) {
      if (!prospect.opportunityId) return false;
      const released = await repository.unmarkAccepted(prospect, prospect.opportunityId);
      if (released && prospect.excelId !== '')
        await repository.changeSelection(prospect.organisationId, prospect.excelId, -1, now);
      return released;
    },
    async retake(before, now) {
      const { matchedCount } = await prospects.updateOne(
        { _id: before._id, organisationId: before.organisationId, isAccepted: false },
        {
          $set: {
            isAccepted: true,
            state: before.state,
            ...(before.opportunityId !== undefined ? { opportunityId: before.opportunityId } : {}),
            ...(before.acceptedBy !== undefined ? { acceptedBy: before.acceptedBy } : {}),
            ...(before.acceptedUsername !== undefined ? { acceptedUsername: before.acceptedUsername } : {}),
            ...(before.acceptedAt !== undefined ? { acceptedAt: before.acceptedAt } : {}),
          },
        },
      );
      if (matchedCount === 1 && before.excelId !== '')
        await repository.changeSelection(before.organisationId, before.excelId, 1, now);
      return matchedCount === 1;
    },
    changed: (organisationId) => repository.bumpChangeStamp(organisationId),
  };
}
