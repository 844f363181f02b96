// A share of /api/opportunity/export/filter: the lines of some opportunities of the sorted list,
// built by chunks of 2,000 opportunities (two queries a chunk) with a yield to the event loop between
// them, on the main thread or in a worker thread (export-pool.ts, export-worker.ts). The filters are
// the browser list's own (domain), applied to the prospects before any line is written, so the file
// is exactly the list on screen. The lines are written from the stored documents (export-lines.ts),
// the same text as domain's opportunityCsvLine of each view without building the views.
import {
  createFilterPredicate,
  type ExportFilterData,
  type FilterableProspect,
  opportunityCsvHeader,
  type UserRef,
  yieldToEventLoop,
} from '@app/domain';
import type { ProspectCatalogue } from '../prospects/module';
import { exportLineWriter } from './export-lines';
import { filterableOf, type ViewContext } from './opportunity-views';
import type { OpportunitiesRepository, OpportunityDoc } from './repository';

const CHUNK = 2000;
/** Below this many opportunities the file is built here: a worker's round trip would cost more. */
export const PARALLEL_FROM = 4 * CHUNK;

/** The filters of the list on screen (the export body's filter without its state). */
export type ExportFilters = Omit<ExportFilterData['filter'], 'state'>;

/** Lines of a share of the list, in order: one string, and where each line ends in it. */
export type ExportPart = { text: string; ends: ArrayLike<number> };

/** What the lines are read from: the store (either connection) and the owners' names. */
export type ExportSources = {
  repository: Pick<OpportunitiesRepository, 'byIds'>;
  gateway: Pick<ProspectCatalogue['records'], 'byIds'>;
  userOf: (id: string) => UserRef;
  now: number;
  timeZone: string;
};

/** The work of one share: what a worker thread is sent. */
export type ExportShare = {
  organisationId: string;
  ids: readonly string[];
  filters: ExportFilters;
  now: number;
  timeZone: string;
  /** [id, username] of the owners. */
  users: readonly (readonly [string, string])[];
};

/** The lines of these opportunities, in this order, whose prospect matches the filters. */
export async function exportLines(
  sources: ExportSources,
  organisationId: string,
  ids: readonly string[],
  filters: ExportFilters,
): Promise<ExportPart> {
  const matches = createFilterPredicate(filters, (prospect: FilterableProspect) => prospect);
  const lineOf = exportLineWriter(sources.timeZone);
  // One string grown by appends (V8 keeps it as a rope, flattened once when sent).
  let text = '';
  const ends: number[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const chunk = ids.slice(start, start + CHUNK);
    const found = await sources.repository.byIds(organisationId, chunk);
    const prospects = await sources.gateway.byIds(
      organisationId,
      found.map((doc) => doc.prospectId),
    );
    const context: ViewContext = {
      now: sources.now,
      timeZone: sources.timeZone,
      prospects: new Map(prospects.map((prospect) => [prospect._id, prospect])),
      userOf: sources.userOf,
    };
    const byId = new Map(found.map((doc) => [doc._id, doc]));
    for (const id of chunk) {
      const doc: OpportunityDoc | undefined = byId.get(id);
      if (!doc || !matches(filterableOf(context.prospects.get(doc.prospectId)))) continue;
      text += lineOf(doc, context);
      ends.push(text.length);
    }
  }
  return { text, ends };
}

/**
 * A share's lines as they stand in the reply: escaped as in a JSON string, in UTF-8, and where each line
 * ends in those bytes. Written by the thread that built the share, so that the event loop neither copies
 * its text from the thread nor escapes and encodes the file (4.8 MB for 20,000 lines, 50–170 ms of the
 * event loop: load.md, "An export's reply written by its threads"). A line ends with CRLF, so escaping
 * line by line gives the same bytes as escaping the whole file: no pair of surrogates is cut.
 */
export type ExportBytes = { bytes: Uint8Array; ends: Uint32Array };

const utf8 = new TextEncoder();

/** The part's lines as ExportBytes. */
export function exportBytes({ text, ends }: ExportPart): ExportBytes {
  let bytes = new Uint8Array(Math.max(64, text.length + (text.length >> 2)));
  const byteEnds = new Uint32Array(ends.length);
  let at = 0;
  let begin = 0;
  for (let line = 0; line < ends.length; line += 1) {
    const end = ends[line] as number;
    const escaped = JSON.stringify(text.slice(begin, end));
    // At most three bytes per UTF-16 unit; the quotes JSON.stringify adds are left out.
    if (at + 3 * escaped.length > bytes.length) {
      const grown = new Uint8Array(Math.max(2 * bytes.length, at + 3 * escaped.length));
      grown.set(bytes.subarray(0, at));
      bytes = grown;
    }
    at += utf8.encodeInto(escaped.slice(1, -1), bytes.subarray(at)).written;
    byteEnds[line] = at;
    begin = end;
  }
  return { bytes: bytes.subarray(0, at), ends: byteEnds };
}

/**
 * The reply in pieces, whose bytes joined are JSON.stringify({ csvString }), csvString being the header
 * and the lines at positions [startId, endId) of the parts, in order, or '' without any line (the client
 * then says 'Le fichier est vide'). The parts' pieces are views of their bytes, not copies: joining them
 * into a new buffer cost the event loop 18–26 ms for 4.8 MB on this machine, mostly the page faults of
 * memory touched for the first time.
 */
export function exportReply(parts: readonly ExportBytes[], startId: number, endId: number): Buffer[] {
  const pieces: Buffer[] = [];
  let position = 0;
  for (const { bytes, ends } of parts) {
    const count = ends.length;
    const from = Math.max(0, startId - position);
    const to = Math.min(count, endId - position);
    if (from < to) {
      const begin = from === 0 ? 0 : (ends[from - 1] as number);
      const end = ends[to - 1] as number;
      pieces.push(Buffer.from(bytes.buffer, bytes.byteOffset + begin, end - begin));
    }
    position += count;
  }
  if (pieces.length === 0) return [Buffer.from('{"csvString":""}')];
  const header = JSON.stringify(opportunityCsvHeader());
  return [Buffer.from(`{"csvString":${header.slice(0, -1)}`), ...pieces, Buffer.from('"}')];
}
