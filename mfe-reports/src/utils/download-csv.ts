// A table as the CSV Excel opens in French: the domain's cells (';', quoted, formulas neutralised, the
// project's export rules), saved with the UTF-8 byte-order mark as the other remotes' downloads.
import { csvLine } from '@app/domain';

/** Excel reads a CSV as UTF-8 (accents intact) only when it starts with a byte-order mark. */
export const UTF8_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

/** The file's text, byte-order mark first. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return UTF8_BOM + csvLine(header) + rows.map((row) => csvLine(row)).join('');
}

/** Saves the table as `fileName` through a temporary link. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
