// The bin ("Corbeille", issue 23): deleting moves documents out of the live collections into one bin
// record, so no list, count, export, search or report sees them without any change to its reads; a
// prospect or an opportunity in one store transaction, a file in chunks of MOVE_CHUNK prospects
// (one short transaction each, the file hidden by its 'binning' status meanwhile, the record
// 'moving'; the bin's start finishes a move a stopped process left); restoring checks conflicts
// first, then moves them back the same way; "Annuler l'import" bins a file's untouched prospects; a daily purge, once across the
// processes (a lease and a day marker), removes records older than 30 days. docs/decisions/bin.md.
import {
  BIN_RETENTION_DAYS,
  type BinDeletedReply,
  type BinKind,
  type BinListReply,
  type BinRestoredReply,
  EMPTY_VALUE,
  hasPermission,
  PERMISSION,
  yieldToEventLoop,
  type UndoImportReply,
  type UndoKeptReasons,
  undoImportMessage,
} from '@app/domain';
import type { Logger } from 'pino';
import type { Leases } from '../../db/leases';
import type { Filter, Store } from '../../db/types';
import { AppError } from '../../http/app-error';
import type { Actor, MessageBinPort, MessageDoc } from '../messages/module';
import type { OpportunityBinPort } from '../opportunities/module';
import type { ProspectBinPort, ProspectDoc } from '../prospects/module';
import type { BinRecordDoc, BinRepository } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const BIN_RETENTION_MS = BIN_RETENTION_DAYS * DAY_MS;
/** Records removed per step of the purge. */
const PURGE_SLICE = 200;

export const BIN_MESSAGES = {
  notFound: 'Élément introuvable dans la corbeille',
  fileDeleted: (name: string) => `${name} a correctement été supprimé !`,
  prospectDeleted: (label: string) => `Le prospect ${label} a été mis à la corbeille`,
  opportunityDeleted: (label: string) => `L’opportunité ${label} a été mise à la corbeille`,
  restored: (label: string) => `${label} a été restauré`,
  conflict: (reasons: string[]) => `Restauration impossible : ${reasons.join(' ; ')}`,
  fileNameTaken: (name: string) => `un fichier nommé « ${name} » existe déjà`,
  fileGone: (name: string) =>
    `le fichier « ${name} » n’existe plus (restaurez-le d’abord depuis la corbeille)`,
  duplicates: (count: number, names: string[]) =>
    `${count > 1 ? `${count} prospects existent` : 'ce prospect existe'} de nouveau ailleurs (même SIRET ou même raison sociale, enseigne et code postal) : ${names.join(', ')}${count > names.length ? '…' : ''}`,
  retaken: (name: string) => `le prospect « ${name} » est de nouveau une opportunité`,
  prospectGone: (name: string) => `le prospect « ${name} » n’existe plus`,
  alreadyBack: 'ces éléments sont déjà de retour',
} as const;

/** What the lead's audit log (h23b) plugs in; nothing by default. Called once the move is committed. */
export type BinEvent = {
  organisationId: string;
  userId: string;
  binId: string;
  kind: BinKind;
  label: string;
  counts: BinRecordDoc['counts'];
  at: number;
};

export type BinServiceDeps = {
  store: Store;
  logger: Logger;
  repository: BinRepository;
  prospects: ProspectBinPort;
  opportunities: OpportunityBinPort;
  messages: MessageBinPort;
  usernameOf: (userId: string) => Promise<string>;
  leases: Leases;
  now: () => number;
  binned?: (event: BinEvent) => void | Promise<void>;
  restored?: (event: BinEvent) => void | Promise<void>;
  /** Prospects per transaction when a file moves to or from the bin (default MOVE_CHUNK). */
  moveChunk?: number;
};

/** Prospects per transaction of a file's move: a few tens of ms of write lock each. */
export const MOVE_CHUNK = 1000;

type OpportunityLike = { _id: string; prospectId: string; messageCount?: number };

/** What one deletion moves. */
type Contents = {
  file: { _id: string; organisationId: string; name: string } | null;
  prospects: ProspectDoc[];
  opportunities: OpportunityLike[];
  messages: MessageDoc[];
};

type Header = Pick<
  BinRecordDoc,
  'kind' | 'label' | 'bit' | 'privateTo' | 'ownerId' | 'excelId' | 'fileName' | 'released'
>;

const prospectName = (doc: { prospect?: unknown; enseigne?: unknown }) =>
  [doc.prospect, doc.enseigne]
    .filter((part): part is string => typeof part === 'string' && part !== '' && part !== EMPTY_VALUE)
    .join(' – ') || 'sans nom';

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export class BinService {
  constructor(private readonly deps: BinServiceDeps) {}

  /** One store transaction, its duration logged (it holds the write lock and, on SQLite, the event loop). */
  private async inTransaction<R>(what: string, work: () => Promise<R>): Promise<R> {
    const asked = performance.now();
    let began = asked;
    const result = await this.deps.store.runInTransaction(() => {
      began = performance.now();
      return work();
    });
    const ended = performance.now();
    this.deps.logger.info(
      { what, waitedMs: Math.round(began - asked), transactionMs: Math.round(ended - began) },
      'Corbeille : transaction',
    );
    return result;
  }

  /** /api/prospect/delete: the file with its prospects, opportunities and their comments. */
  async deleteFile(actor: Actor, excelId: string): Promise<{ message: string }> {
    const name = await this.deps.usernameOf(actor.userId);
    const { binId, label } = await this.inTransaction('deleteFile', async () => {
      const file = await this.deps.prospects.visibleFile(actor, excelId);
      // The file's opportunities, their comments and prospects go at once (they show in other lists);
      // the other prospects a chunk at a time, with any opportunity made from them (moveChunk).
      const opportunities = await this.deps.opportunities.ofFile(file.organisationId, file._id);
      const taken = await this.deps.prospects.prospectsByIds(
        file.organisationId,
        opportunities.map((doc) => doc.prospectId),
      );
      const messages = await this.deps.messages.ofOpportunities(
        file.organisationId,
        opportunities.map((doc) => doc._id),
      );
      const contents: Contents = {
        file,
        prospects: taken.filter((doc) => doc.excelId === file._id),
        opportunities,
        messages,
      };
      const binId = await this.move(actor, name, contents, this.fileHeader('file', file), {
        prospects: await this.deps.prospects.countOfFile(file.organisationId, file._id),
        keep: [],
      });
      return { binId, label: file.name };
    });
    await this.finishMove(binId);
    await this.tell('binned', actor, binId);
    // The spec's reply, unchanged.
    return { message: BIN_MESSAGES.fileDeleted(label) };
  }

  /** One prospect, with its opportunity and comments when it was taken. */
  async deleteProspect(actor: Actor, prospectId: string): Promise<BinDeletedReply> {
    const name = await this.deps.usernameOf(actor.userId);
    const { binId, label } = await this.inTransaction('deleteProspect', async () => {
      const prospect = await this.deps.prospects.visibleProspect(actor, prospectId);
      const opportunities = await this.deps.opportunities.ofProspects(actor.organisationId, [prospect._id]);
      const messages = await this.deps.messages.ofOpportunities(
        actor.organisationId,
        opportunities.map((doc) => doc._id),
      );
      const fileName = await this.fileNameOf(prospect);
      const label = prospectName(prospect);
      const binId = await this.move(
        actor,
        name,
        { file: null, prospects: [prospect], opportunities, messages },
        {
          kind: 'prospect',
          label,
          bit: PERMISSION.DELETE_PROSPECT,
          privateTo: prospect.isPrivate ? prospect.userId : null,
          ownerId: null,
          excelId: prospect.excelDeletedAt === undefined ? prospect.excelId : '',
          fileName,
          released: null,
        },
      );
      if (prospect.excelId !== '' && prospect.excelDeletedAt === undefined)
        await this.deps.prospects.adjustFile(
          actor.organisationId,
          prospect.excelId,
          { count: -1, countSelected: prospect.isAccepted ? -1 : 0 },
          this.deps.now(),
        );
      return { binId, label };
    });
    await this.tell('binned', actor, binId);
    return { message: BIN_MESSAGES.prospectDeleted(label), binId };
  }

  /**
   * One opportunity with its comments and history. Its prospect goes back to its file, untaken (the
   * record keeps it as it was, to take it again on restoration); a prospect outside any file (typed
   * in by hand, or its file deleted before issue 23) has nowhere to go and goes to the bin with it.
   */
  async deleteOpportunity(actor: Actor, opportunityId: string): Promise<BinDeletedReply> {
    const name = await this.deps.usernameOf(actor.userId);
    const { binId, label } = await this.inTransaction('deleteOpportunity', async () => {
      const opportunity = await this.deps.opportunities.visible(actor, opportunityId);
      const messages = await this.deps.messages.ofOpportunities(actor.organisationId, [opportunity._id]);
      const [prospect] = await this.deps.prospects.prospectsByIds(actor.organisationId, [
        opportunity.prospectId,
      ]);
      const inLiveFile =
        prospect !== undefined &&
        prospect.excelId !== '' &&
        prospect.excelDeletedAt === undefined &&
        (await this.deps.prospects.liveFile(actor.organisationId, prospect.excelId));
      const label = prospect ? prospectName(prospect) : 'sans prospect';
      const binId = await this.move(
        actor,
        name,
        {
          file: null,
          prospects: prospect && !inLiveFile ? [prospect] : [],
          opportunities: [opportunity],
          messages,
        },
        {
          kind: 'opportunity',
          label,
          bit: PERMISSION.DELETE_PROSPECT,
          privateTo: opportunity.isPrivate === true ? (opportunity.fileOwnerId ?? opportunity.userId) : null,
          ownerId: opportunity.userId,
          excelId: inLiveFile ? prospect.excelId : '',
          fileName: prospect && inLiveFile ? await this.fileNameOf(prospect) : '',
          released: inLiveFile ? { ...prospect } : null,
        },
      );
      if (inLiveFile) {
        await this.deps.prospects.release(prospect, this.deps.now());
        await this.deps.prospects.changed(actor.organisationId);
      }
      return { binId, label };
    });
    await this.tell('binned', actor, binId);
    return { message: BIN_MESSAGES.opportunityDeleted(label), binId };
  }

  /**
   * "Annuler l'import": the file's prospects nobody worked (no opportunity, no comment, no edit) go
   * to the bin as one record; the others stay, counted by reason; the file goes too when none stays.
   */
  async undoImport(actor: Actor, excelId: string): Promise<UndoImportReply> {
    const name = await this.deps.usernameOf(actor.userId);
    const outcome = await this.inTransaction('undoImport', async () => {
      const file = await this.deps.prospects.visibleFile(actor, excelId);
      // Only the prospects someone may have worked are read here; the others move a chunk at a time.
      const worked = await this.deps.prospects.workedOfFile(file.organisationId, file._id);
      const contents = await this.workedContents(file, worked);
      const total = await this.deps.prospects.countOfFile(file.organisationId, file._id);
      const opportunityOf = new Map(contents.opportunities.map((doc) => [doc.prospectId, doc]));
      const reasons: UndoKeptReasons = { opportunity: 0, commented: 0, edited: 0 };
      const keep: string[] = [];
      for (const prospect of worked) {
        const opportunity = opportunityOf.get(prospect._id);
        const taken = prospect.isAccepted || opportunity !== undefined;
        const commented = (opportunity?.messageCount ?? 0) > 0;
        const edited = prospect.editedAt !== undefined;
        if (taken) reasons.opportunity += 1;
        if (commented) reasons.commented += 1;
        if (edited) reasons.edited += 1;
        if (taken || commented || edited) keep.push(prospect._id);
      }
      const kept = keep.length;
      const removed = total - kept;
      const header = this.fileHeader('import', file);
      let binId: string | null = null;
      if (kept === 0) binId = await this.move(actor, name, contents, header, { prospects: total, keep });
      else if (removed > 0)
        binId = await this.move(
          actor,
          name,
          { file: null, prospects: [], opportunities: [], messages: [] },
          { ...header, excelId: file._id },
          { prospects: removed, keep },
        );
      return { binId, removed, kept, reasons, fileRemoved: kept === 0 };
    });
    if (outcome.binId !== null) {
      await this.finishMove(outcome.binId);
      await this.tell('binned', actor, outcome.binId);
    }
    return { ...outcome, message: undoImportMessage(outcome) };
  }

  /** What the caller may restore, newest first. */
  async list(actor: Actor, offset: number, limit: number): Promise<BinListReply> {
    const filter = this.visibleRecords(actor);
    if (!filter) return { value: [], total: 0 };
    const { repository } = this.deps;
    const [records, total] = await Promise.all([
      repository.page(filter, offset, limit),
      repository.count(filter),
    ]);
    return {
      value: records.map((record) => ({
        _id: record._id,
        kind: record.kind,
        label: record.label,
        deletedBy: record.deletedBy,
        deletedByName: record.deletedByName,
        deletedAt: record.deletedAt,
        purgeAt: record.deletedAt + BIN_RETENTION_MS,
        counts: record.counts,
      })),
      total,
    };
  }

  /** Everything the record holds goes back, or nothing when anything would clash (409, in French). */
  async restore(actor: Actor, binId: string): Promise<BinRestoredReply> {
    const filter = this.visibleRecords(actor);
    const found = filter ? await this.deps.repository.records.findOne({ ...filter, _id: binId }) : null;
    if (!found) throw AppError.notFound(BIN_MESSAGES.notFound);
    if (found.kind === 'file' || found.kind === 'import') return this.restoreFile(actor, found);
    const restored = await this.inTransaction('restore', async () => {
      const record = filter ? await this.deps.repository.records.findOne({ ...filter, _id: binId }) : null;
      if (!record) throw AppError.notFound(BIN_MESSAGES.notFound);
      const docs = await this.deps.repository.documents(record);
      const prospects = docs.prospects as ProspectDoc[];
      const opportunities = docs.opportunities as unknown as OpportunityLike[];
      const messages = docs.messages as unknown as MessageDoc[];
      const { organisationId } = record;
      const { prospects: port } = this.deps;

      const conflicts: string[] = [];
      if (record.fileRemoved) {
        if (await port.fileNameTaken(organisationId, record.fileName))
          conflicts.push(BIN_MESSAGES.fileNameTaken(record.fileName));
      } else if (record.excelId !== '' && !(await port.liveFile(organisationId, record.excelId)))
        conflicts.push(BIN_MESSAGES.fileGone(record.fileName));
      const shared = new Set(record.sharedKeys);
      const live = await port.liveDedupKeys(
        organisationId,
        prospects.map((doc) => doc.dedupKey).filter((key) => !shared.has(key)),
      );
      const clashing = prospects.filter((doc) => live.has(doc.dedupKey));
      if (clashing.length > 0)
        conflicts.push(BIN_MESSAGES.duplicates(clashing.length, clashing.slice(0, 3).map(prospectName)));
      const released = record.released as ProspectDoc | null;
      if (released) {
        const [now] = await port.prospectsByIds(organisationId, [released._id]);
        if (!now) conflicts.push(BIN_MESSAGES.prospectGone(prospectName(released)));
        else if (now.isAccepted) conflicts.push(BIN_MESSAGES.retaken(prospectName(released)));
      }
      const backAlready = await this.deps.opportunities.liveIds(
        organisationId,
        opportunities.map((doc) => doc._id),
      );
      if (backAlready.size > 0) conflicts.push(BIN_MESSAGES.alreadyBack);
      if (conflicts.length > 0) throw AppError.conflict(BIN_MESSAGES.conflict(conflicts));

      const at = this.deps.now();
      const file = docs.prospectFiles[0] as Parameters<ProspectBinPort['insertFile']>[0] | undefined;
      if (file) await port.insertFile({ ...file, lastModificationDate: at });
      await port.insertProspects(prospects);
      await this.deps.opportunities.insert(opportunities as never[]);
      await this.deps.messages.insert(messages);
      if (!record.fileRemoved && record.excelId !== '' && prospects.length > 0)
        await port.adjustFile(
          organisationId,
          record.excelId,
          {
            count: prospects.length,
            countSelected: prospects.filter((doc) => doc.isAccepted).length,
          },
          at,
        );
      if (released) await port.retake(released, at);
      await this.deps.repository.remove(record._id);
      await port.changed(organisationId);
      await this.deps.opportunities.changed(
        organisationId,
        opportunities.map((doc) => doc._id),
      );
      const opportunityId = record.kind === 'opportunity' ? opportunities[0]?._id : undefined;
      return { record, excelId: record.excelId || undefined, opportunityId };
    });
    await this.tell('restored', actor, restored.record._id, restored.record);
    return {
      message: BIN_MESSAGES.restored(restored.record.label),
      kind: restored.record.kind,
      ...(restored.excelId ? { excelId: restored.excelId } : {}),
      ...(restored.opportunityId ? { opportunityId: restored.opportunityId } : {}),
    };
  }

  /**
   * The day's purge: records older than 30 days go. Once a day whichever process comes first: the
   * lease lets one in at a time, the day marker tells the next that it is done. Null: already done.
   */
  async purgeDue(): Promise<number | null> {
    const { repository, leases } = this.deps;
    const now = this.deps.now();
    const day = dayOf(now);
    if (await repository.purgedOn(day)) return null;
    return leases.run('bin-purge', async () => {
      if (await repository.purgedOn(day)) return null;
      let purged = 0;
      for (;;) {
        const ids = await repository.expired(now - BIN_RETENTION_MS, PURGE_SLICE);
        if (ids.length === 0) break;
        for (const id of ids) if (await repository.remove(id)) purged += 1;
      }
      await repository.markPurged(day, now, purged);
      return purged;
    });
  }

  /**
   * A file's restoration, chunked: the conflicts first (read part by part, outside any transaction),
   * then one transaction hides the file ('binning') and marks the record moving 'in', then the
   * prospects go back a part per transaction, then the last one brings the opportunities and comments,
   * shows the file and removes the record. Nobody sees the file before it is whole again.
   */
  private async restoreFile(actor: Actor, found: BinRecordDoc): Promise<BinRestoredReply> {
    const { organisationId } = found;
    const { prospects: port, repository } = this.deps;
    const shared = new Set(found.sharedKeys);
    const clashing: ProspectDoc[] = [];
    let clashes = 0;
    for await (const docs of repository.prospectParts(found)) {
      const prospects = docs as ProspectDoc[];
      const live = await port.liveDedupKeys(
        organisationId,
        prospects.map((doc) => doc.dedupKey).filter((key) => !shared.has(key)),
      );
      for (const doc of prospects)
        if (live.has(doc.dedupKey)) {
          clashes += 1;
          if (clashing.length < 3) clashing.push(doc);
        }
      await yieldToEventLoop();
    }
    const filter = this.visibleRecords(actor);
    const record = await this.inTransaction('restore', async () => {
      const record = filter
        ? await repository.records.findOne({ ...filter, _id: found._id, moving: { $exists: false } })
        : null;
      if (!record) throw AppError.notFound(BIN_MESSAGES.notFound);
      const conflicts: string[] = [];
      if (record.fileRemoved) {
        if (await port.fileNameTaken(organisationId, record.fileName))
          conflicts.push(BIN_MESSAGES.fileNameTaken(record.fileName));
      } else if (!(await port.liveFile(organisationId, record.excelId)))
        conflicts.push(BIN_MESSAGES.fileGone(record.fileName));
      if (clashes > 0) conflicts.push(BIN_MESSAGES.duplicates(clashes, clashing.map(prospectName)));
      const docs = await repository.documents(record, ['opportunities']);
      const backAlready = await this.deps.opportunities.liveIds(
        organisationId,
        docs.opportunities.map((doc) => doc._id as string),
      );
      if (backAlready.size > 0) conflicts.push(BIN_MESSAGES.alreadyBack);
      if (conflicts.length > 0) throw AppError.conflict(BIN_MESSAGES.conflict(conflicts));
      const filePart = await repository.onePart(record, 'prospectFiles');
      const file = filePart?.docs[0] as Parameters<ProspectBinPort['insertFile']>[0] | undefined;
      if (filePart && file) {
        await port.insertFile({ ...file, status: 'binning', lastModificationDate: this.deps.now() });
        await repository.removePart(filePart._id);
      } else await port.setFileStatus(organisationId, record.excelId, 'ready', 'binning');
      await repository.records.updateOne({ _id: record._id }, { $set: { moving: 'in' } });
      return record;
    });
    await this.finishMove(record._id);
    await this.tell('restored', actor, record._id, record);
    return { message: BIN_MESSAGES.restored(record.label), kind: record.kind, excelId: record.excelId };
  }

  /** Finishes the moves a stopped process left (at start): each goes on from where it stopped. */
  async finishInterruptedMoves(): Promise<number> {
    const moving = await this.deps.repository.moving();
    for (const record of moving) await this.finishMove(record._id);
    return moving.length;
  }

  /** Moves a record's file a chunk per transaction, a turn of the event loop between chunks, to the end. */
  private async finishMove(binId: string): Promise<void> {
    for (;;) {
      const done = await this.inTransaction('moveChunk', () => this.moveChunk(binId));
      if (done) return;
      await yieldToEventLoop();
    }
  }

  /** One chunk of a move (inside a transaction); true once the move is over (the last chunk ends it). */
  private async moveChunk(binId: string): Promise<boolean> {
    const record = await this.deps.repository.records.findOne({ _id: binId });
    if (!record?.moving) return true;
    const move =
      record.moving === 'out'
        ? { chunk: () => this.chunkOut(record), end: () => this.endOut(record) }
        : { chunk: () => this.chunkIn(record), end: () => this.endIn(record) };
    const more = await move.chunk();
    if (!more) await move.end();
    await this.deps.prospects.changed(record.organisationId);
    return !more;
  }

  /** Moves the next chunk of the file's live prospects into the bin; false when none is left. */
  private async chunkOut(record: BinRecordDoc): Promise<boolean> {
    const { repository, prospects: port } = this.deps;
    const { organisationId } = record;
    const docs = await port.chunkOfFile(organisationId, record.excelId, record.keep ?? [], this.chunk);
    if (docs.length === 0) return false;
    // Written before removed: without transactions (MongoDB) a crash between leaves them twice,
    // never nowhere; the move back skips those already live.
    await repository.addParts(record, { prospects: docs });
    await port.removeProspects(
      organisationId,
      docs.map((doc) => doc._id),
    );
    await this.moveOpportunitiesOf(record, docs);
    // Held by a live prospect now: maybe one of this file still to move; the last chunk sorts it.
    const shared = await port.liveDedupKeys(
      organisationId,
      docs.map((doc) => doc.dedupKey),
    );
    if (shared.size > 0)
      await repository.records.updateOne(
        { _id: record._id },
        { $addToSet: { sharedKeys: { $each: [...shared] } } },
      );
    return true;
  }

  /** The move into the bin is over: the file goes too (or shows again, smaller), the record is settled. */
  private async endOut(record: BinRecordDoc): Promise<void> {
    const { repository, prospects: port } = this.deps;
    const { organisationId } = record;
    const sharedKeys = [...(await port.liveDedupKeys(organisationId, record.sharedKeys))];
    if (record.fileRemoved) {
      const file = await port.fileById(organisationId, record.excelId);
      if (file) {
        await repository.addParts(record, { prospectFiles: [{ ...file, status: 'ready' }] });
        await port.removeFile(file);
      }
    } else {
      await port.setFileStatus(organisationId, record.excelId, 'binning', 'ready');
      await port.adjustFile(
        organisationId,
        record.excelId,
        { count: -record.counts.prospects, countSelected: 0 },
        this.deps.now(),
      );
    }
    await repository.records.updateOne(
      { _id: record._id },
      { $set: { sharedKeys }, $unset: { moving: true, keep: true } },
    );
  }

  /** Moves the next part of the record's prospects back (those not live already); false when none is left. */
  private async chunkIn(record: BinRecordDoc): Promise<boolean> {
    const { repository, prospects: port } = this.deps;
    const part = await repository.onePart(record, 'prospects');
    if (!part) return false;
    const docs = part.docs as ProspectDoc[];
    const live = new Set(
      (
        await port.prospectsByIds(
          record.organisationId,
          docs.map((doc) => doc._id),
        )
      ).map((doc) => doc._id),
    );
    await port.insertProspects(docs.filter((doc) => !live.has(doc._id)));
    await repository.removePart(part._id);
    return true;
  }

  /** The move back is over: the opportunities and comments return, the file shows again, the record goes. */
  private async endIn(record: BinRecordDoc): Promise<void> {
    const { repository, prospects: port } = this.deps;
    const { organisationId } = record;
    const docs = await repository.documents(record);
    const opportunities = docs.opportunities as unknown as OpportunityLike[];
    await this.deps.opportunities.insert(opportunities as never[]);
    await this.deps.messages.insert(docs.messages as unknown as MessageDoc[]);
    await port.setFileStatus(organisationId, record.excelId, 'binning', 'ready');
    if (!record.fileRemoved)
      await port.adjustFile(
        organisationId,
        record.excelId,
        { count: record.counts.prospects, countSelected: 0 },
        this.deps.now(),
      );
    await repository.remove(record._id);
    await this.deps.opportunities.changed(
      organisationId,
      opportunities.map((doc) => doc._id),
    );
  }

  /**
   * Opportunities made from a chunk's prospects that the first transaction did not take (made before
   * opportunities kept their file's id): they follow their prospects, with their comments.
   */
  private async moveOpportunitiesOf(record: BinRecordDoc, docs: ProspectDoc[]): Promise<void> {
    const { organisationId } = record;
    const opportunities = await this.deps.opportunities.ofProspects(
      organisationId,
      docs.filter((doc) => doc.opportunityId !== undefined).map((doc) => doc._id),
    );
    if (opportunities.length === 0) return;
    const ids = opportunities.map((doc) => doc._id);
    const messages = await this.deps.messages.ofOpportunities(organisationId, ids);
    await this.deps.messages.remove(
      organisationId,
      messages.map((doc) => doc._id),
    );
    await this.deps.opportunities.remove(organisationId, ids);
    await this.deps.repository.addParts(record, { opportunities, messages });
    await this.deps.repository.records.updateOne(
      { _id: record._id },
      { $inc: { 'counts.opportunities': opportunities.length, 'counts.comments': messages.length } as never },
    );
    await this.deps.opportunities.changed(organisationId, ids);
  }

  private get chunk(): number {
    return this.deps.moveChunk ?? MOVE_CHUNK;
  }

  /** A file's worked prospects, its opportunities (by file and by those prospects) and their comments. */
  private async workedContents(
    file: { _id: string; organisationId: string; name: string },
    worked: ProspectDoc[],
  ): Promise<Contents> {
    const { organisationId } = file;
    const prospects = worked;
    const byFile = await this.deps.opportunities.ofFile(organisationId, file._id);
    const known = new Set(byFile.map((doc) => doc._id));
    const taken = prospects.filter((doc) => doc.opportunityId !== undefined && !known.has(doc.opportunityId));
    const byProspect = await this.deps.opportunities.ofProspects(
      organisationId,
      taken.map((doc) => doc._id),
    );
    const opportunities = [...byFile, ...byProspect.filter((doc) => !known.has(doc._id))];
    const messages = await this.deps.messages.ofOpportunities(
      organisationId,
      opportunities.map((doc) => doc._id),
    );
    return { file, prospects, opportunities, messages };
  }

  private fileHeader(
    kind: 'file' | 'import',
    file: { _id: string; name: string; isPrivate: boolean; userId: string },
  ): Header {
    return {
      kind,
      label: file.name,
      bit: PERMISSION.DELETE_CAMPAIGN,
      privateTo: file.isPrivate ? file.userId : null,
      ownerId: null,
      excelId: file._id,
      fileName: file.name,
      released: null,
    };
  }

  private async fileNameOf(prospect: ProspectDoc): Promise<string> {
    if (prospect.excelId === '' || prospect.excelDeletedAt !== undefined) return '';
    return (await this.deps.prospects.fileName(prospect.organisationId, prospect.excelId)) ?? '';
  }

  /**
   * Takes the documents out of their collections and writes the record (inside the transaction). With
   * a `chunked` plan, the first transaction of a file's move out: the record, moving 'out'; the
   * opportunities, their comments and the worked prospects in it at once (they show elsewhere: lists
   * of opportunities, reports); the file hidden ('binning'). The other prospects follow a chunk at a
   * time (finishMove).
   */
  private async move(
    actor: Actor,
    deletedByName: string,
    contents: Contents,
    header: Header,
    chunked?: { prospects: number; keep: string[] },
  ): Promise<string> {
    const { organisationId } = actor;
    const { prospects, opportunities, messages } = this.deps;
    await messages.remove(
      organisationId,
      contents.messages.map((doc) => doc._id),
    );
    await opportunities.remove(
      organisationId,
      contents.opportunities.map((doc) => doc._id),
    );
    await prospects.removeProspects(
      organisationId,
      contents.prospects.map((doc) => doc._id),
    );
    const file = chunked ? null : contents.file;
    if (file) await prospects.removeFile(file);
    const shared = await prospects.liveDedupKeys(
      organisationId,
      contents.prospects.map((doc) => doc.dedupKey),
    );
    if (chunked && !(await prospects.setFileStatus(organisationId, header.excelId, 'ready', 'binning')))
      throw AppError.notFound(BIN_MESSAGES.notFound);
    const binId = await this.deps.repository.insert(
      {
        ...header,
        organisationId,
        deletedBy: actor.userId,
        deletedByName,
        deletedAt: this.deps.now(),
        fileRemoved: contents.file !== null,
        sharedKeys: [...shared],
        counts: {
          prospects: chunked ? chunked.prospects : contents.prospects.length,
          opportunities: contents.opportunities.length,
          comments: contents.messages.length,
        },
        ...(chunked ? { moving: 'out' as const, keep: chunked.keep } : {}),
      },
      {
        ...(file ? { prospectFiles: [file] } : {}),
        prospects: contents.prospects,
        opportunities: contents.opportunities,
        messages: contents.messages,
      },
    );
    await prospects.changed(organisationId);
    await opportunities.changed(
      organisationId,
      contents.opportunities.map((doc) => doc._id),
    );
    return binId;
  }

  /**
   * The records a caller may see and restore: those of the kinds their role may delete, not another
   * member's private file's, and an opportunity only where they could see it (opportunities.md).
   */
  private visibleRecords(actor: Actor): Filter<BinRecordDoc> | null {
    const kinds: BinKind[] = [];
    if (hasPermission(actor.mask, PERMISSION.DELETE_CAMPAIGN)) kinds.push('file', 'import');
    if (hasPermission(actor.mask, PERMISSION.DELETE_PROSPECT)) kinds.push('prospect', 'opportunity');
    if (kinds.length === 0) return null;
    const notPrivate = { $or: [{ privateTo: null }, { privateTo: actor.userId }] };
    const audience: Filter<BinRecordDoc>[] = [
      { kind: { $ne: 'opportunity' }, ...notPrivate },
      { kind: 'opportunity', ownerId: actor.userId },
    ];
    if (this.deps.opportunities.seesAll(actor)) audience.push({ kind: 'opportunity', ...notPrivate });
    return {
      organisationId: actor.organisationId,
      kind: { $in: kinds },
      moving: { $exists: false },
      $and: [{ $or: audience }],
    };
  }

  private async tell(
    what: 'binned' | 'restored',
    actor: Actor,
    binId: string,
    known?: BinRecordDoc,
  ): Promise<void> {
    const listener = this.deps[what];
    if (!listener) return;
    const record = known ?? (await this.deps.repository.findOne(actor.organisationId, binId));
    if (!record) return;
    await listener({
      organisationId: actor.organisationId,
      userId: actor.userId,
      binId,
      kind: record.kind,
      label: record.label,
      counts: record.counts,
      at: this.deps.now(),
    });
  }
}
