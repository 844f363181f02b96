import { useCallback, useState } from 'react';
import { BIN_RETENTION_DAYS, type BinRow } from '@app/domain';
import { ApiError, notifySuccess, Spinner, useDocumentTitle, useSessionStore } from '@app/platform';
import { usePagedList } from '../../../hooks/use-paged-list';
import { listBin } from '../api/list-bin';
import { restoreBinItem } from '../api/restore-bin-item';
import { BinTable } from './bin-table';
import '../bin.css';

/** Rows per request (the API's largest page). */
export const BIN_PAGE = 200;

type Refusal = { label: string; message: string };

/**
 * /dashboard/prospect/corbeille: what was deleted (files, undone imports, prospects, opportunities),
 * newest first, restorable for 30 days by whoever may delete it (docs/decisions/bin.md).
 */
export function BinScreen() {
  useDocumentTitle('Corbeille');
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const pages = usePagedList(listBin, BIN_PAGE);
  const [restoring, setRestoring] = useState<ReadonlySet<string>>(new Set());
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { invalidate } = pages;

  const handleRestore = useCallback(
    async (row: BinRow) => {
      if (!organisationId) return;
      setRefusal(null);
      setRestoring((previous) => new Set(previous).add(row._id));
      try {
        const { message } = await restoreBinItem({ organisationId, binId: row._id });
        notifySuccess(message);
        invalidate();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        setRefusal({ label: row.label, message: error.message });
        // Restored or purged meanwhile by someone else: the list is read again.
        if (error.status === 404) invalidate();
      } finally {
        setRestoring((previous) => {
          const next = new Set(previous);
          next.delete(row._id);
          return next;
        });
      }
    },
    [organisationId, invalidate],
  );

  const { total } = pages;
  return (
    <section className="bin-screen">
      <div className="bin-screen__header">
        <h1 className="ui-page-title">Corbeille</h1>
        <p className="bin-screen__intro">
          Les fichiers, prospects et opportunités supprimés restent ici {BIN_RETENTION_DAYS} jours, puis sont
          effacés définitivement.
          {total !== null && total > 0 && (
            <>
              {' '}
              <strong>
                {total.toLocaleString('fr-FR')} élément{total > 1 ? 's' : ''}
              </strong>
            </>
          )}
        </p>
      </div>
      {refusal && (
        <div className="bin-screen__refusal" role="alert">
          <strong>{refusal.label}</strong> : {refusal.message}
        </div>
      )}
      {total === null ? (
        <div className="bin-screen__loading">
          <Spinner label="Chargement de la corbeille" />
        </div>
      ) : total === 0 ? (
        <p className="prospecting-empty">La corbeille est vide.</p>
      ) : (
        <BinTable pages={pages} restoring={restoring} onRestore={handleRestore} />
      )}
    </section>
  );
}
