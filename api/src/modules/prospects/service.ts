// Prospect files as the screens see them: the list, one file with its figures, a page of its
// prospects, a manual list, deletion, geocoding; and what the opportunities component may ask.
import {
  EMPTY_VALUE,
  type OpportunityState,
  type ProspectFileRow,
  type ProspectFileStats,
  type ProspectPageData,
  type ProspectFilesReply,
  type ProspectFileCreatedReply,
  type LatLngReply,
} from '@app/domain';
import { AppError } from '../../http/app-error';
import type { EncodedJson } from '../../http/api-routes';
import { fileNotFound, prospectNotFound } from './errors';
import { GEOCODER_MESSAGES, type Geocoder } from './geocoder';
import type { Caller, ProspectImportService } from './import-service';
import { filePage, filePageJson, type ProspectRow } from './file-page';
import type { FileReadPool } from './file-read-pool';
import type { ProspectDoc, ProspectFileDoc, ProspectsRepository } from './repository';

export type ProspectsServiceDeps = {
  repository: ProspectsRepository;
  imports: ProspectImportService;
  usernameOf: (userId: string) => Promise<string>;
  geocoder: Geocoder | null;
  now: () => number;
  /** Threads building file pages over the embedded store's file (file-read-pool.ts); absent: the event loop. */
  fileReads?: FileReadPool;
};

const ACTIVE_STATES: OpportunityState[] = ['TODO', 'WAITING'];

function toFileRow(file: ProspectFileDoc, activeOpportunities: number): ProspectFileRow {
  return {
    _id: file._id,
    name: file.name,
    userId: file.userId,
    username: file.username,
    isPrivate: file.isPrivate,
    manual: file.manual,
    count: file.count,
    countSelected: file.countSelected,
    activeOpportunities,
    date: file.date,
    lastModificationDate: file.lastModificationDate,
  };
}

export class ProspectsService {
  constructor(private readonly deps: ProspectsServiceDeps) {}

  private async visibleFile(caller: Caller, excelId: string): Promise<ProspectFileDoc> {
    const file = await this.deps.repository.findVisibleFile(caller.organisationId, caller.userId, excelId);
    if (!file) throw fileNotFound();
    return file;
  }

  async list(caller: Caller): Promise<ProspectFilesReply> {
    const { repository } = this.deps;
    const files = await repository.listVisibleFiles(caller.organisationId, caller.userId);
    const active = await Promise.all(
      files.map((file) => repository.countAccepted(caller.organisationId, file._id, ACTIVE_STATES)),
    );
    return { value: files.map((file, index) => toFileRow(file, active[index] ?? 0)) };
  }

  async one(caller: Caller, excelId: string) {
    const file = await this.visibleFile(caller, excelId);
    const count = (states?: readonly OpportunityState[]) =>
      this.deps.repository.countAccepted(caller.organisationId, file._id, states);
    const [opportunities, todo, waiting, win, loose] = await Promise.all([
      count(),
      count(['TODO']),
      count(['WAITING']),
      count(['WIN']),
      count(['LOOSE']),
    ]);
    const stats: ProspectFileStats = {
      prospects: file.count,
      opportunities,
      todo,
      waiting,
      win,
      loose,
      conversion: 0,
    };
    stats.conversion = stats.opportunities === 0 ? 0 : stats.win / stats.opportunities;
    const active = stats.todo + stats.waiting;
    return { excel: { ...toFileRow(file, active), mapping: file.mapping, stats } };
  }

  async page(caller: Caller, input: ProspectPageData): Promise<{ value: ProspectRow[]; total: number }> {
    return filePage(this.deps.repository, await this.visibleFile(caller, input.excelId), input);
  }

  /**
   * page()'s reply as JSON text, the same bytes as JSON.stringify(page()) (file-page.ts). Over the
   * embedded store a thread of the file reads builds it (its reads, a search's count among them, hold
   * that thread and not the event loop the colleagues' calls wait for) and gives it as UTF-8 bytes,
   * gzipped when `gzip` (the client takes it) and the page is worth it; the event loop builds the text
   * if the thread fails.
   */
  async pageJson(caller: Caller, input: ProspectPageData, gzip = false): Promise<EncodedJson> {
    const file = await this.visibleFile(caller, input.excelId);
    const { fileReads } = this.deps;
    if (fileReads) {
      const json = await fileReads.pageJson(file, input, gzip);
      if (json !== null) return json;
    }
    return filePageJson(this.deps.repository, file, input);
  }

  /** A manual list: an empty, ready file to which opportunities can be added one by one. */
  async createManual(
    caller: Caller,
    input: { name: string; isPrivate: boolean },
  ): Promise<ProspectFileCreatedReply> {
    const now = this.deps.now();
    const file = await this.deps.repository.insertFile({
      organisationId: caller.organisationId,
      userId: caller.userId,
      username: await this.deps.usernameOf(caller.userId),
      name: input.name,
      isPrivate: input.isPrivate,
      manual: true,
      status: 'ready',
      count: 0,
      countSelected: 0,
      date: now,
      lastModificationDate: now,
      importStartedAt: now,
      lastActivityAt: now,
      mapping: {},
      columns: [],
      totalRows: 0,
      duplicates: 'skip',
      options: { keepTitle: true, removeRowsWithout: [] },
      received: 0,
      imported: 0,
      duplicatesFound: 0,
      duplicatesSkipped: 0,
      siretFlagged: 0,
      rejected: [],
      rejectedCount: 0,
    });
    return { excelId: file._id };
  }

  /**
   * A prospect the caller may see: not someone else's private one, and in a ready file, or kept
   * for its opportunity after its file was deleted.
   */
  async visibleProspect(caller: Caller, prospectId: string): Promise<ProspectDoc> {
    const { repository } = this.deps;
    const prospect = await repository.findProspect(caller.organisationId, caller.userId, prospectId);
    if (!prospect) throw prospectNotFound();
    // Outside any file (made by hand with /api/opportunity/addone, or its file deleted): not private.
    if (prospect.excelDeletedAt !== undefined || prospect.excelId === '') return prospect;
    if (!(await repository.findVisibleFile(caller.organisationId, caller.userId, prospect.excelId)))
      throw prospectNotFound();
    return prospect;
  }

  /** Marks the prospect taken by an opportunity; false when another call took it first. */
  async accept(
    prospect: ProspectDoc,
    acceptance: { opportunityId: string; userId: string; at: number },
  ): Promise<boolean> {
    const { repository } = this.deps;
    const username = await this.deps.usernameOf(acceptance.userId);
    if (!(await repository.markAccepted(prospect, { ...acceptance, username }))) return false;
    await repository.changeSelection(prospect.organisationId, prospect.excelId, 1, this.deps.now());
    return true;
  }

  /** Undoes accept() when the opportunity could not be stored. */
  async release(prospect: ProspectDoc, opportunityId: string): Promise<void> {
    const { repository } = this.deps;
    if (await repository.unmarkAccepted(prospect, opportunityId))
      await repository.changeSelection(prospect.organisationId, prospect.excelId, -1, this.deps.now());
  }

  async setLatLng(caller: Caller, prospectId: string): Promise<LatLngReply> {
    const prospect = await this.visibleProspect(caller, prospectId);
    if (!this.deps.geocoder) throw AppError.conflict(GEOCODER_MESSAGES.notConfigured);
    const parts = [prospect.adresseComplete, prospect.codePostale, prospect.ville].filter(
      (part) => part !== EMPTY_VALUE,
    );
    if (parts.length === 0) throw AppError.badRequest('Ce prospect n’a ni adresse, ni code postal, ni ville');
    const found = await this.deps.geocoder(parts.join(' '));
    if (!found) throw AppError.notFound('Adresse introuvable');
    const latlng = `${found.lat}/${found.lng}`;
    await this.deps.repository.setLatLng(prospect, latlng);
    return { latlng, latlngPrecision: 'address' };
  }
}
