import { StrictMode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { getProspects } from '../api/get-prospects';
import { prospectRow } from '../test-utils/fixtures';
import type { ProspectRow } from '../types/prospect-file';
import { useProspectPages } from './use-prospect-pages';

jest.mock('../api/get-prospects');
const getProspectsMock = jest.mocked(getProspects);

type Reply = { value: ProspectRow[]; total: number };

/** Every page asked, answered only when the test says so. */
function holdReplies() {
  const held: ((reply: Reply) => void)[] = [];
  getProspectsMock.mockImplementation(() => new Promise<Reply>((resolve) => held.push(resolve)));
  return held;
}

beforeEach(() => getProspectsMock.mockReset());

test('a page of the file as it was, answered after the page of the file as it is now, is not shown', async () => {
  const held = holdReplies();
  const { result, rerender } = renderHook(
    ({ version }: { version: number }) =>
      useProspectPages({ organisationId: 'o1', excelId: 'f1', search: '', version }),
    { initialProps: { version: 0 }, wrapper: StrictMode },
  );
  expect(held).toHaveLength(1);

  // The import is undone while the first page is on its way: the file is read again.
  rerender({ version: 1 });
  expect(held).toHaveLength(2);
  const now = [prospectRow(0, { prospect: 'Crèche des Lilas' })];
  await act(async () => held[1]?.({ value: now, total: 1 }));
  expect(result.current.total).toBe(1);

  // The page asked before the undo comes back last, with the prospect that was taken away.
  await act(async () =>
    held[0]?.({ value: [...now, prospectRow(1, { prospect: 'Café du Port' })], total: 2 }),
  );
  expect(result.current.total).toBe(1);
  expect(result.current.rowAt(0)?.prospect).toBe('Crèche des Lilas');
  expect(result.current.rowAt(1)).toBeUndefined();
});
