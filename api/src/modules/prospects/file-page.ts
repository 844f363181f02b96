// A page of a file's prospects (or of a search in it) as the JSON text the API sends: written from
// the stored texts on the embedded store (issue 21: reading 500 documents, parsing them and writing
// them again was most of a file page's CPU), from the documents elsewhere. The API's event loop calls
// it, and so do the file reads' threads (file-read-worker.ts) with a connection of their own.
// docs/decisions/load.md.
import { searchPatternOf, type ProspectPageData } from '@app/domain';
import type { DocText } from '../../db/types';
import type { ProspectDoc, ProspectFileDoc, ProspectsRepository } from './repository';

export type ProspectRow = Omit<ProspectDoc, 'searchText' | 'dedupKey'> & { username: string };

/** What a file page reads of the store. */
export type FilePageReads = Pick<
  ProspectsRepository,
  'readsTexts' | 'pageOfFile' | 'pageTextsOfFile' | 'countOfFile' | 'keptCountOfFile' | 'keepCountOfFile'
>;

export function toProspectRow(doc: ProspectDoc, file: ProspectFileDoc): ProspectRow {
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

/** A page of the file's prospects, `total` the rows its search keeps (the file's, without one). */
export async function filePage(
  repository: FilePageReads,
  file: ProspectFileDoc,
  input: ProspectPageData,
): Promise<{ value: ProspectRow[]; total: number }> {
  const { rows, total } = await pageRows(repository, file, input, (search) =>
    repository.pageOfFile(file.organisationId, file._id, search, input.offset, input.limit),
  );
  return { value: rows.map((doc) => toProspectRow(doc, file)), total };
}

/**
 * filePage()'s reply as JSON text, the same bytes as JSON.stringify(filePage()), assembled from the
 * stored texts of the prospects where the store gives them. A text that parsing and writing again might
 * change (escapes other than quotes and backslashes, integer-like keys, a `username` field of its own)
 * is parsed as filePage() does.
 */
export async function filePageJson(
  repository: FilePageReads,
  file: ProspectFileDoc,
  input: ProspectPageData,
): Promise<string> {
  if (!repository.readsTexts) return JSON.stringify(await filePage(repository, file, input));
  let json = '';
  for (const piece of await filePagePieces(repository, file, input)) json += piece;
  return json;
}

/**
 * filePageJson()'s text in pieces (the embedded store only): a thread writes them straight into the
 * reply's bytes (file-read-worker.ts), without first joining 500 prospects into one string, which a
 * single accent or emoji anywhere makes a two-byte string of about 1 MB to flatten, then encode.
 */
export async function filePagePieces(
  repository: FilePageReads,
  file: ProspectFileDoc,
  input: ProspectPageData,
): Promise<string[]> {
  const { rows, total } = await pageRows(repository, file, input, (search) =>
    repository.pageTextsOfFile(file.organisationId, file._id, search, input.offset, input.limit),
  );
  const pieces = ['{"value":['];
  rows.forEach((row, index) => {
    if (index > 0) pieces.push(',');
    pieces.push(prospectRowJson(row, file) ?? JSON.stringify(toProspectRow(parsedDoc(row), file)));
  });
  pieces.push(`],"total":${JSON.stringify(total)}}`);
  return pieces;
}

/**
 * A file page's rows (read by `read`, given the search's pattern) and its total: told by a short page
 * itself, counted in the store otherwise. A count kept and still true answers a page past it (a search
 * that keeps no row, a page beyond the last) without reading the file's rows; a count a short page
 * tells is kept for the next ones (load.md, "A search that keeps no row").
 */
async function pageRows<R>(
  repository: FilePageReads,
  file: ProspectFileDoc,
  input: ProspectPageData,
  read: (search: RegExp | null) => Promise<R[]>,
): Promise<{ rows: R[]; total: number }> {
  // The stored searchText keeps numbers as imported: the pattern accepts any spacing of them.
  const search = searchPatternOf(input.search ?? '');
  const kept = repository.keptCountOfFile(file.organisationId, file._id, search);
  if (kept.count !== undefined && input.offset >= kept.count) return { rows: [], total: kept.count };
  const rows = await read(search);
  const shown = totalShownBy(input, rows.length);
  if (shown === null)
    return { rows, total: await repository.countOfFile(file.organisationId, file._id, search) };
  repository.keepCountOfFile(file.organisationId, file._id, search, kept.mark, shown);
  return { rows, total: shown };
}
