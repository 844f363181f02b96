import type { EnrichmentReport } from '@app/domain';
import { useEnrichment } from '../hooks/use-enrichment';
import { formatCount } from '../utils/format-count';
import { ProgressBar } from './progress-bar';

export type EnrichmentSummaryProps = {
  organisationId: string;
  excelId: string;
};

const UNAVAILABLE_MESSAGE =
  'Le suivi de l’enrichissement n’est pas disponible ; le fichier est importé et utilisable.';

function EnrichmentCounts({ report }: { report: EnrichmentReport }) {
  return (
    <dl className="import-summary" aria-label="Enrichissement">
      <dt>Lignes enrichies</dt>
      <dd>{formatCount(report.enriched)}</dd>
      <dt>SIRET introuvables</dt>
      <dd>{formatCount(report.notFound)}</dd>
      <dt>Établissements fermés</dt>
      <dd>{formatCount(report.closed)}</dd>
      <dt>Lignes sans SIRET</dt>
      <dd>{formatCount(report.withoutIdentifier)}</dd>
      {report.failed > 0 && (
        <>
          <dt>Consultations en échec</dt>
          <dd>{formatCount(report.failed)}</dd>
        </>
      )}
    </dl>
  );
}

/** The registry enrichment that follows an import: skipped and why, its progress, then its counts. */
export function EnrichmentSummary({ organisationId, excelId }: EnrichmentSummaryProps) {
  const state = useEnrichment(organisationId, excelId);
  if (state.phase === 'loading') return null;
  if (state.phase === 'unavailable') return <p className="import-note">{UNAVAILABLE_MESSAGE}</p>;
  const { report } = state;
  return (
    <section className="import-enrichment" aria-label="Enrichissement depuis le registre des entreprises">
      <h3 className="import-enrichment__title">Enrichissement (registre des entreprises)</h3>
      {report.status === 'skipped' && <p className="import-note">{report.message}</p>}
      {report.status === 'running' && (
        <>
          <ProgressBar
            label="Enrichissement des lignes"
            fraction={report.processed / Math.max(1, report.total)}
            detail={`${formatCount(report.processed)} / ${formatCount(report.total)} lignes vérifiées`}
          />
          <p className="import-note">
            Le fichier est déjà disponible ; les informations arrivent au fur et à mesure.
          </p>
        </>
      )}
      {(report.status === 'done' || report.status === 'failed') && (
        <>
          <p role="status" className={report.status === 'done' ? 'import-success' : 'import-error'}>
            {report.status === 'done' ? 'Enrichissement terminé' : report.message}
          </p>
          <EnrichmentCounts report={report} />
        </>
      )}
    </section>
  );
}
