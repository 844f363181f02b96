import { IMPORT_BUSY_CODE, IMPORT_ROWS_MISSING_CODE } from '@app/domain';
import { ApiError } from '@app/platform';
import { abortImport } from '../api/abort-import';
import { finishImport } from '../api/finish-import';
import { loadProspects } from '../api/load-prospects';
import { sendImportRows } from '../api/send-import-rows';
import { startImport } from '../api/start-import';
import { takeBatch } from './row-batches';
import { MAX_BATCH_RESENDS, uploadImport, type UploadRequest } from './upload-import';

jest.mock('../api/load-prospects');
jest.mock('../api/start-import');
jest.mock('../api/send-import-rows');
jest.mock('../api/finish-import');
jest.mock('../api/abort-import');

const summary = {
  imported: 1,
  duplicates: 0,
  duplicatesSkipped: 0,
  siretFlagged: 0,
  rejected: [],
  rejectedCount: 0,
};

function fileOf(rowCount: number) {
  const headers = ['Nom', 'CP'];
  const rows = Array.from({ length: rowCount }, (_, i) => [`Société ${i}`, '01000']);
  const request: UploadRequest = {
    organisationId: 'org',
    name: 'Ma liste',
    isPrivate: false,
    mapping: { prospect: 'Nom', codePostale: 'CP' },
    options: { keepTitle: true, removeRowsWithout: [] },
    duplicates: 'skip',
    headers,
    rowCount,
  };
  const parser = { batch: async (offset: number) => takeBatch(headers, rows, offset) };
  return { request, parser };
}

beforeEach(() => {
  jest.mocked(loadProspects).mockReset().mockResolvedValue({ excelId: 'x1', summary });
  jest.mocked(startImport).mockReset().mockResolvedValue({ importId: 'imp' });
  jest
    .mocked(sendImportRows)
    .mockReset()
    .mockImplementation(async ({ offset, cells }) => ({ received: offset + (cells?.length ?? 0) }));
  jest.mocked(finishImport).mockReset().mockResolvedValue({ excelId: 'x2', summary });
  jest.mocked(abortImport).mockReset().mockResolvedValue({});
});

const controls = (sent: number[] = [], cancelled = () => false) => ({
  onProgress: (value: number) => sent.push(value),
  isCancelled: cancelled,
  retryDelaysMs: [0, 0, 0],
});

test('a small file goes in one /api/prospect/load with the spec payload', async () => {
  const { request, parser } = fileOf(10);
  const result = await uploadImport(request, parser, controls());
  expect(result).toEqual({ status: 'done', excelId: 'x1', summary });
  expect(loadProspects).toHaveBeenCalledWith(
    expect.objectContaining({
      name: 'Ma liste',
      isPrivate: false,
      value: request.mapping,
      duplicates: 'skip',
    }),
  );
  expect(jest.mocked(loadProspects).mock.calls[0]?.[0].exel).toHaveLength(10);
  expect(startImport).not.toHaveBeenCalled();
});

test('a large file goes in compact batches of 2,000 rows, two on their way at once, then finish', async () => {
  const { request, parser } = fileOf(4500);
  const sent: number[] = [];
  const result = await uploadImport(request, parser, controls(sent));
  expect(result).toEqual({ status: 'done', excelId: 'x2', summary });
  expect(startImport).toHaveBeenCalledWith(
    expect.objectContaining({ columns: ['Nom', 'CP'], totalRows: 4500 }),
  );
  expect(jest.mocked(sendImportRows).mock.calls.map(([body]) => [body.offset, body.cells?.length])).toEqual([
    [0, 2000],
    [2000, 2000],
    [4000, 500],
  ]);
  expect(sent).toEqual([2000, 4000, 4500]);
  expect(jest.mocked(sendImportRows).mock.calls[0]?.[0].cells?.[1]).toEqual(['Société 1', '01000']);
  expect(jest.mocked(sendImportRows).mock.calls[0]?.[0].rows).toBeUndefined();
  expect(finishImport).toHaveBeenCalledWith({ organisationId: 'org', importId: 'imp' });
});

test('a batch that fails on the network is sent again with the same offset', async () => {
  const { request, parser } = fileOf(2500);
  jest.mocked(sendImportRows).mockRejectedValueOnce(new ApiError('Impossible de joindre le serveur.', null));
  await uploadImport(request, parser, controls());
  expect(
    jest
      .mocked(sendImportRows)
      .mock.calls.map(([body]) => body.offset)
      .sort(),
  ).toEqual([0, 0, 2000]);
});

test('no more than two batches are on their way at once, and progress follows the server', async () => {
  const { request, parser } = fileOf(9000);
  let open = 0;
  let most = 0;
  jest.mocked(sendImportRows).mockImplementation(async ({ offset, cells }) => {
    open += 1;
    most = Math.max(most, open);
    await new Promise((resolve) => setTimeout(resolve, 5));
    open -= 1;
    return { received: offset + (cells?.length ?? 0) };
  });
  const sent: number[] = [];
  await uploadImport(request, parser, controls(sent));
  expect(most).toBe(2);
  expect(sent).toEqual([2000, 4000, 6000, 8000, 9000]);
});

test('after three failed retries the import is aborted and the error surfaces', async () => {
  const { request, parser } = fileOf(2500);
  jest.mocked(sendImportRows).mockRejectedValue(new ApiError('Erreur serveur', 503));
  await expect(uploadImport(request, parser, controls())).rejects.toThrow('Erreur serveur');
  // Each of the two batches on their way: the first try and three retries.
  const offsets = jest.mocked(sendImportRows).mock.calls.map(([body]) => body.offset);
  expect(offsets.filter((offset) => offset === 0)).toHaveLength(4);
  expect(offsets.length).toBeLessThanOrEqual(8);
  expect(abortImport).toHaveBeenCalledWith({ organisationId: 'org', importId: 'imp' });
});

test('a refused batch is not retried', async () => {
  const { request, parser } = fileOf(2500);
  jest.mocked(sendImportRows).mockRejectedValue(new ApiError('Valeur invalide', 400));
  await expect(uploadImport(request, parser, controls())).rejects.toThrow('Valeur invalide');
  // Each batch on its way was sent once, none again.
  expect(jest.mocked(sendImportRows).mock.calls.map(([body]) => body.offset)).toEqual([0, 2000]);
});

const rowsMissing = (received: number) =>
  new ApiError(
    `Lignes manquantes : le prochain lot doit commencer à la ligne ${received}`,
    409,
    IMPORT_ROWS_MISSING_CODE,
  );

/**
 * The server as it takes batches: a batch ahead of the rows received is refused ROWS_MISSING, one
 * already received acknowledged again. `arrives(offset, attempt)` holds an attempt before it is read.
 */
function serverTakingBatches(arrives: (offset: number, attempt: number) => Promise<void>, events: string[]) {
  let received = 0;
  const attempts = new Map<number, number>();
  jest.mocked(sendImportRows).mockImplementation(async ({ offset, cells }) => {
    const attempt = (attempts.get(offset) ?? 0) + 1;
    attempts.set(offset, attempt);
    events.push(`envoi ${offset}`);
    await arrives(offset, attempt);
    if (offset > received) {
      events.push(`refus ${offset}`);
      throw rowsMissing(received);
    }
    received = Math.max(received, offset + (cells?.length ?? 0));
    events.push(`accusé ${offset}`);
    return { received };
  });
}

test('a batch refused "Lignes manquantes" is sent again once the batch before it is acknowledged', async () => {
  // The batch before is late (a worker stalled under it): the next one, arrived first, is refused.
  const { request, parser } = fileOf(4000);
  const events: string[] = [];
  let refused: () => void = () => undefined;
  const secondRefused = new Promise<void>((resolve) => {
    refused = resolve;
  });
  serverTakingBatches(async (offset) => {
    if (offset === 0) await secondRefused;
  }, events);
  jest.mocked(sendImportRows).mockImplementationOnce(async () => {
    events.push('envoi 0');
    await secondRefused;
    events.push('accusé 0');
    return { received: 2000 };
  });
  jest.mocked(sendImportRows).mockImplementationOnce(async () => {
    events.push('envoi 2000', 'refus 2000');
    refused();
    throw rowsMissing(0);
  });
  const sent: number[] = [];
  const result = await uploadImport(request, parser, controls(sent));
  expect(result).toEqual({ status: 'done', excelId: 'x2', summary });
  expect(events.slice(0, 3)).toEqual(['envoi 0', 'envoi 2000', 'refus 2000']);
  // Sent again only after the batch before was acknowledged, and acknowledged.
  expect(events.lastIndexOf('envoi 2000')).toBeGreaterThan(events.indexOf('accusé 0'));
  expect(events.at(-1)).toBe('accusé 2000');
  expect(sent).toEqual([2000, 4000]);
  expect(abortImport).not.toHaveBeenCalled();
});

test('when the batch before never gets an answer (its call lost with a worker), it is sent again beside it, then the refused one', async () => {
  const { request, parser } = fileOf(4000);
  const events: string[] = [];
  // The first attempt of the first batch never reaches the server and never ends.
  serverTakingBatches(
    (offset, attempt) =>
      offset === 0 && attempt === 1 ? new Promise<void>(() => undefined) : Promise.resolve(),
    events,
  );
  const sent: number[] = [];
  const result = await uploadImport(request, parser, controls(sent));
  expect(result).toEqual({ status: 'done', excelId: 'x2', summary });
  expect(events).toEqual([
    'envoi 0',
    'envoi 2000',
    'refus 2000',
    'envoi 0',
    'accusé 0',
    'envoi 2000',
    'accusé 2000',
  ]);
  expect(sent).toEqual([2000, 4000]);
});

test('a batch refused while its import is busy (IMPORT_BUSY) is sent again', async () => {
  const { request, parser } = fileOf(2500);
  jest
    .mocked(sendImportRows)
    .mockRejectedValueOnce(
      new ApiError(
        'Ce lot est déjà en cours d’enregistrement, veuillez réessayer dans un instant',
        409,
        IMPORT_BUSY_CODE,
      ),
    );
  const result = await uploadImport(request, parser, controls());
  expect(result).toEqual({ status: 'done', excelId: 'x2', summary });
  expect(
    jest
      .mocked(sendImportRows)
      .mock.calls.map(([body]) => body.offset)
      .sort(),
  ).toEqual([0, 0, 2000]);
});

test('a batch refused "Lignes manquantes" again and again fails the import after a bounded number of sends', async () => {
  const { request, parser } = fileOf(2500);
  jest.mocked(sendImportRows).mockImplementation(async ({ offset, cells }) => {
    if (offset > 0) throw rowsMissing(0);
    return { received: offset + (cells?.length ?? 0) };
  });
  await expect(uploadImport(request, parser, controls())).rejects.toThrow('Lignes manquantes');
  const offsets = jest.mocked(sendImportRows).mock.calls.map(([body]) => body.offset);
  expect(offsets.filter((offset) => offset === 2000)).toHaveLength(1 + MAX_BATCH_RESENDS);
  expect(abortImport).toHaveBeenCalledWith({ organisationId: 'org', importId: 'imp' });
});

test('any other 409 is not sent again', async () => {
  const { request, parser } = fileOf(2500);
  jest
    .mocked(sendImportRows)
    .mockRejectedValue(new ApiError('Import interrompu, veuillez recommencer', 409, 'CONFLICT'));
  await expect(uploadImport(request, parser, controls())).rejects.toThrow('Import interrompu');
  expect(jest.mocked(sendImportRows).mock.calls.map(([body]) => body.offset)).toEqual([0, 2000]);
});

test('"Annuler" stops between batches and aborts the import', async () => {
  const { request, parser } = fileOf(6000);
  const sent: number[] = [];
  const result = await uploadImport(
    request,
    parser,
    controls(sent, () => sent.length >= 1),
  );
  expect(result).toEqual({ status: 'cancelled' });
  // The batch sent beside the first one may have left; none after.
  expect(jest.mocked(sendImportRows).mock.calls.length).toBeLessThanOrEqual(2);
  expect(abortImport).toHaveBeenCalledWith({ organisationId: 'org', importId: 'imp' });
  expect(finishImport).not.toHaveBeenCalled();
});
