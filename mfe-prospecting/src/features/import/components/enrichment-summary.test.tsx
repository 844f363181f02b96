import { act, render, screen } from '@testing-library/react';
import { ENRICHMENT_MESSAGES, type EnrichmentReport } from '@app/domain';
import { ApiError } from '@app/platform';
import { getEnrichment } from '../api/get-enrichment';
import { EnrichmentSummary } from './enrichment-summary';

jest.mock('../api/get-enrichment');
const getMock = jest.mocked(getEnrichment);

const report = (extra: Partial<EnrichmentReport>): EnrichmentReport => ({
  status: 'done',
  message: null,
  total: 7,
  processed: 7,
  enriched: 4,
  notFound: 1,
  closed: 1,
  failed: 0,
  withoutIdentifier: 1,
  ...extra,
});

const definition = (term: string) => screen.getByText(term).nextElementSibling;

afterEach(() => {
  getMock.mockReset();
  jest.useRealTimers();
});

test('without a registry on the server, it says the step was skipped and why', async () => {
  getMock.mockResolvedValue(
    report({ status: 'skipped', message: ENRICHMENT_MESSAGES.notConfigured, total: 0 }),
  );
  render(<EnrichmentSummary organisationId="o1" excelId="f1" />);
  expect(
    await screen.findByText(/^Enrichissement non configuré : aucun registre des entreprises/),
  ).toBeInTheDocument();
  expect(screen.queryByText('Lignes enrichies')).not.toBeInTheDocument();
  expect(getMock).toHaveBeenCalledWith({ organisationId: 'o1', excelId: 'f1' });
});

test('while it runs it shows the rows checked, then the counts once it is done', async () => {
  jest.useFakeTimers();
  getMock
    .mockResolvedValueOnce(report({ status: 'running', processed: 2, enriched: 1 }))
    .mockResolvedValueOnce(report({}));
  render(<EnrichmentSummary organisationId="o1" excelId="f1" />);
  expect(await screen.findByText('2 / 7 lignes vérifiées')).toBeInTheDocument();
  await act(() => jest.advanceTimersByTimeAsync(1000));
  expect(await screen.findByText('Enrichissement terminé')).toBeInTheDocument();
  expect(definition('Lignes enrichies')).toHaveTextContent(/^4$/);
  expect(definition('SIRET introuvables')).toHaveTextContent(/^1$/);
  expect(definition('Établissements fermés')).toHaveTextContent(/^1$/);
  expect(definition('Lignes sans SIRET')).toHaveTextContent(/^1$/);
  expect(screen.queryByText('Consultations en échec')).not.toBeInTheDocument();
  await act(() => jest.advanceTimersByTimeAsync(5000));
  expect(getMock).toHaveBeenCalledTimes(2);
});

test('when the registry failed, it says so and counts the failed lookups', async () => {
  getMock.mockResolvedValue(
    report({
      status: 'failed',
      message: ENRICHMENT_MESSAGES.unavailable,
      processed: 2,
      enriched: 0,
      failed: 2,
    }),
  );
  render(<EnrichmentSummary organisationId="o1" excelId="f1" />);
  expect(await screen.findByText(ENRICHMENT_MESSAGES.unavailable)).toBeInTheDocument();
  expect(definition('Consultations en échec')).toHaveTextContent(/^2$/);
});

test('when the report cannot be read, it says the file is imported all the same', async () => {
  getMock.mockRejectedValue(new ApiError('Fichier introuvable', 404));
  render(<EnrichmentSummary organisationId="o1" excelId="f1" />);
  expect(await screen.findByText(/le fichier est importé et utilisable/)).toBeInTheDocument();
});
