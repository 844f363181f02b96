// Prospect files as the screens see them: the list, one file with its figures, a page of its
// prospects, a manual list, deletion, geocoding; and what the opportunities component may ask.
import {
  EMPTY_VALUE,
  searchPatternOf,
  type OpportunityState,
  type ProspectFileRow,
  type ProspectFileStats,
  type ProspectPageData,
  type ProspectFilesReply,
  type ProspectFileCreatedReply,
  type LatLngReply,
} from '@app/domain';
import { AppError } from '../../http/app-error';
import { fileNotFound, prospectNotFound } from './errors';
import { GEOCODER_MESSAGES, type Geocoder } from './geocoder';
import type { Caller, ProspectImportService } from './import-service';
import type { DocText } from '../../db/types';
import type { ProspectDoc, ProspectFileDoc, ProspectsRepository } from './repository';

export type ProspectRow = Omit<ProspectDoc, 'searchText' | 'dedupKey'> & { username: string };

export type ProspectsServiceDeps = {
  repository: ProspectsRepository;
  imports: ProspectImportService;
  usernameOf: (userId: string) => Promise<string>;
  geocoder: Geocoder | null;
  now: () => number;
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

function toProspectRow(doc: ProspectDoc, file: ProspectFileDoc): ProspectRow {
  const { searchText: _searchText, dedupKey: _dedupKey, ...row } = doc;
  return { ...row, username: doc.acceptedUsername ?? file.username };
}

/**
 * What JSON.parse then JSON.stringify could write otherwise: an escape other than \" and \\ (\u00e9
 * comes back as é; an escape is found at the start of its run of backslashes), a key an integer would
 * order first ("12"). Also seen in string values, where it only costs the parse.
 */
const REWRITTEN_BY_PARSING = /(?<!\\)(?:\\\\)*\\[^"\\]|[{,]"\d/;

/**
 * A file's (or a search's) count when its page shows it: a page short of its limit ends the rows,
 * so they are its offset and its own rows (when it holds any, or starts at the first). Else null:
 * counted by the store (a count of every row of the file, searched or not: load.md).
 */
export function totalShownBy(input: Pick<ProspectPageData, 'offset' | 'limit'>, rows: number): number | null {
  return rows < input.limit && (rows > 0 || input.offset === 0) ? input.offset + rows : null;
}

/** A stored prospect (findTexts) back as the document pageOfFile reads. */
function parsedDoc(row: DocText): ProspectDoc {
  return { _id: row._id, ...(JSON.parse(row.json) as object) } as ProspectDoc;
}

/**
 * JSON.stringify(toProspectRow(doc, file)) written from the stored text (`fields[0]`: its
 * acceptedUsername): `_id` first, the stored fields in their order, `username` last. Null when the
 * text must be parsed to be sure of the same bytes.
 */
export function prospectRowJson(row: DocText, file: ProspectFileDoc): string | null {
  const { json } = row;
  const accepted = row.fields[0];
  if (accepted !== null && typeof accepted !== 'string') return null;
  if (json.charCodeAt(0) !== 123 /* { */ || REWRITTEN_BY_PARSING.test(json) || json.includes('"username":'))
    return null;
  const username: unknown = accepted ?? file.username;
  if (typeof username !== 'string') return null;
  const fields = json.length > 2 ? `${json.slice(1, -1)},` : '';
  return `{"_id":${JSON.stringify(row._id)},${fields}"username":${JSON.stringify(username)}}`;
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
    const file = await this.visibleFile(caller, input.excelId);
    // The stored searchText keeps numbers as imported: the pattern accepts any spacing of them.
    const search = searchPatternOf(input.search ?? '');
    const { repository } = this.deps;
    const docs = await repository.pageOfFile(
      caller.organisationId,
      file._id,
      search,
      input.offset,
      input.limit,
    );
    const total = await this.totalOfPage(caller, file._id, search, input, docs.length);
    return { value: docs.map((doc) => toProspectRow(doc, file)), total };
  }

  /** A file page's total: told by a short page itself, counted in the store otherwise. */
  private async totalOfPage(
    caller: Caller,
    fileId: string,
    search: RegExp | null,
    input: ProspectPageData,
    shown: number,
  ): Promise<number> {
    return (
      totalShownBy(input, shown) ??
      (await this.deps.repository.countOfFile(caller.organisationId, fileId, search))
    );
  }

  /**
   * page()'s reply as JSON text, the same bytes as JSON.stringify(page()), assembled from the stored
   * texts of the prospects (issue 21: reading 500 documents, parsing them and writing them again was
   * most of a file page's CPU). A text that parsing and writing again might change (escapes other than
   * quotes and backslashes, integer-like keys, a `username` field of its own) is parsed as page() does.
   */
  async pageJson(caller: Caller, input: ProspectPageData): Promise<string> {
    const { repository } = this.deps;
    if (!repository.readsTexts) return JSON.stringify(await this.page(caller, input));
    const file = await this.visibleFile(caller, input.excelId);
    const search = searchPatternOf(input.search ?? '');
    const rows = await repository.pageTextsOfFile(
      caller.organisationId,
      file._id,
      search,
      input.offset,
      input.limit,
    );
    const total = await this.totalOfPage(caller, file._id, search, input, rows.length);
    let json = '{"value":[';
    rows.forEach((row, index) => {
      if (index > 0) json += ',';
      json += prospectRowJson(row, file) ?? JSON.stringify(toProspectRow(parsedDoc(row), file));
    });
    return `${json}],"total":${JSON.stringify(total)}}`;
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
