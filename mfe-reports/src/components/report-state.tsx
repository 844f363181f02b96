import { Spinner } from '@app/platform';
import type { ReactNode } from 'react';

export type ReportStateProps = { loading: boolean; failed: boolean; children: ReactNode };

/** Loading and failure of a report (the API client has already shown the server's message). */
export function ReportState({ loading, failed, children }: ReportStateProps) {
  if (loading)
    return (
      <p className="reports-muted">
        <Spinner label="Calcul du rapport…" /> Calcul du rapport…
      </p>
    );
  if (failed) return <p role="alert">Le rapport n’a pas pu être calculé. Réessayez dans un instant.</p>;
  return <>{children}</>;
}
