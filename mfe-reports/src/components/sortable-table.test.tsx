import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { csvText } from '../utils/download-csv';
import { type Column, SortableTable } from './sortable-table';

type Line = { name: string; taken: number };
const COLUMNS: Column<Line>[] = [
  { key: 'name', label: 'Fichier', value: (line) => line.name },
  { key: 'taken', label: 'Prises', value: (line) => line.taken, numeric: true },
];
const ROWS: Line[] = [
  { name: 'Élevage', taken: 12 },
  { name: '=HYPERLINK("http://x")', taken: 3 },
  { name: 'Bâtiment', taken: 40 },
];

const firstCells = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

test('a header sorts the table, again the other way, and says so to assistive technologies', async () => {
  const user = userEvent.setup();
  render(
    <SortableTable
      caption="Fichiers"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(line) => line.name}
      fileName="f"
    />,
  );
  const header = screen.getByRole('columnheader', { name: 'Prises' });
  expect(header).toHaveAttribute('aria-sort', 'none');
  await user.click(within(header).getByRole('button'));
  expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(firstCells()).toEqual(['=HYPERLINK("http://x")', 'Élevage', 'Bâtiment']);
  await user.click(within(header).getByRole('button'));
  expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(firstCells()).toEqual(['Bâtiment', 'Élevage', '=HYPERLINK("http://x")']);
  await user.click(screen.getByRole('button', { name: 'Fichier' }));
  // Accents do not push a name to the end (French collation).
  expect(firstCells()).toEqual(['=HYPERLINK("http://x")', 'Bâtiment', 'Élevage']);
});

test('the CSV starts with the UTF-8 byte-order mark, separates with ";" and neutralises formulas', () => {
  expect(
    csvText(
      ['Fichier', 'Prises'],
      ROWS.map((line) => [line.name, line.taken]),
    ),
  ).toBe(
    '\uFEFF"Fichier";"Prises"\r\n"Élevage";"12"\r\n"\'=HYPERLINK(""http://x"")";"3"\r\n"Bâtiment";"40"\r\n',
  );
});

test('the export button downloads the table as shown', async () => {
  const user = userEvent.setup();
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:rapport';
  });
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  render(
    <SortableTable
      caption="Fichiers"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(line) => line.name}
      fileName="rapport"
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Exporter « Fichiers » en CSV' }));
  expect(click).toHaveBeenCalledTimes(1);
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(created[0] as Blob);
  });
  expect(text).toContain('"Fichier";"Prises"');
});
