export type RejectedRow = { cells: readonly string[]; reason: string };

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet would run as a formula gets a leading quote (DESIGN.md §8). */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvCell(value: string): string {
  const safe = neutraliseFormula(value);
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The rejected rows as Excel opens them in France: ';' separated, UTF-8 with a BOM, CRLF, the
 * original columns and a "Motif" column, so the user fixes them and imports the file again.
 */
export function rejectedRowsCsv(headers: readonly string[], rows: readonly RejectedRow[]): string {
  const lines = [[...headers, 'Motif'].map(csvCell).join(';')];
  for (const row of rows) {
    const cells = headers.map((_, index) => row.cells[index] ?? '');
    lines.push([...cells, row.reason].map(csvCell).join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
