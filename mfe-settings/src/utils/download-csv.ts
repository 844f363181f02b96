/** Excel reads a CSV as UTF-8 (accents intact) only when it starts with a byte-order mark. */
export const UTF8_BOM = '\uFEFF';

/** The CSV exactly as downloaded: the BOM (once: the audit log's text already starts with it), then the server's text. */
export function csvBlob(csv: string): Blob {
  return new Blob(csv.startsWith(UTF8_BOM) ? [csv] : [UTF8_BOM, csv], { type: 'text/csv;charset=utf-8' });
}

/** `name` as a file name ending in .csv. */
export function csvFileName(name: string): string {
  return name.toLowerCase().endsWith('.csv') ? name : `${name}.csv`;
}

/** Saves `csv` as `fileName` through a temporary link. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(csvBlob(csv));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(fileName);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
