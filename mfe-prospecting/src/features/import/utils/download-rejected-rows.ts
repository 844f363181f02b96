import { rejectedRowsCsv, type ImportSummary } from '@app/domain';
import type { FileParser } from './file-parser';

/** Builds the rejected rows' CSV (original columns + "Motif") and hands it to the browser. */
export async function downloadRejectedRows(
  parser: Pick<FileParser, 'pick'>,
  headers: readonly string[],
  rejected: ImportSummary['rejected'],
  fileTitle: string,
): Promise<void> {
  const cells = await parser.pick(rejected.map(({ index }) => index));
  const csv = rejectedRowsCsv(
    headers,
    rejected.map(({ reason }, position) => ({ cells: cells[position] ?? [], reason })),
  );
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileTitle.replace(/[\\/:*?"<>|]/g, '_')} - lignes rejetées.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
