import type { ReactNode } from 'react';
import type { ImportSummary as Summary } from '@app/domain';
import { Button } from '@app/platform';
import { formatCount } from '../utils/format-count';

export type ImportSummaryProps = {
  summary: Summary;
  /** Why no file was created (no row stored), or null when the import made one. */
  noFileMessage?: string | null;
  onDownloadRejected: () => void;
  onClose: () => void;
  /** What follows the import on the server (the registry enrichment), shown before the actions. */
  enrichment?: ReactNode;
};

/** Rejection reasons with their counts, most frequent first. */
function reasonCounts(rejected: Summary['rejected']): [string, number][] {
  const counts = new Map<string, number>();
  for (const { reason } of rejected) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** After the import: what was stored, what was not and why, and the rejected rows to fix. */
export function ImportSummary({
  summary,
  noFileMessage = null,
  onDownloadRejected,
  onClose,
  enrichment,
}: ImportSummaryProps) {
  // Beyond the first 10,000, rejections are counted but not listed (docs/decisions/prospect-import.md).
  const rejected = summary.rejectedCount;
  const listed = summary.rejected.length;
  return (
    <div className="import-step">
      {noFileMessage === null ? (
        <p className="import-success" role="status">
          Import terminé
        </p>
      ) : (
        <p className="import-warning" role="status">
          {noFileMessage}
        </p>
      )}
      <dl className="import-summary">
        <dt>Lignes importées</dt>
        <dd>{formatCount(summary.imported)}</dd>
        <dt>Lignes rejetées</dt>
        <dd>{formatCount(rejected)}</dd>
        <dt>Doublons</dt>
        <dd>
          {formatCount(summary.duplicates)}
          {summary.duplicates > 0 &&
            (summary.duplicatesSkipped > 0
              ? ` (${formatCount(summary.duplicatesSkipped)} ignorés)`
              : ' (importés)')}
        </dd>
        <dt>SIRET à vérifier</dt>
        <dd>{formatCount(summary.siretFlagged)}</dd>
      </dl>
      {rejected > 0 && (
        <>
          <ul className="import-reasons" aria-label="Motifs de rejet">
            {reasonCounts(summary.rejected).map(([reason, count]) => (
              <li key={reason}>
                {reason} : {formatCount(count)}
              </li>
            ))}
          </ul>
          {listed < rejected && (
            <p className="import-note">
              Seules les {formatCount(listed)} premières lignes rejetées sont détaillées et téléchargeables.
            </p>
          )}
          <Button variant="secondary" onClick={onDownloadRejected}>
            Télécharger les lignes rejetées
          </Button>
        </>
      )}
      {enrichment}
      <div className="import-actions">
        <Button onClick={onClose}>Fermer</Button>
      </div>
    </div>
  );
}
