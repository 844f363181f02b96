import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, EXPORT_TOAST_MS, useSessionStore } from '@app/platform';
import { exportFilter } from '../api/export-filter';
import { downloadCsv } from '../../../utils/download-csv';
import type { ExportFilter } from '../../../utils/list-filter';

export const EXPORT_FILE_NAME = 'export.csv';

/**
 * The export of SPEC §8: a loading toast "Exports en cour", turned into "Export terminé", "Le
 * fichier est vide" or the error (server message, else "Erreur lors de l'export") for 5 s.
 */
export function useExport(): { exporting: boolean; start: (filter: ExportFilter) => void } {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [exporting, setExporting] = useState(false);

  const start = useCallback(
    (filter: ExportFilter) => {
      if (!organisationId) return;
      setExporting(true);
      const id = toast.loading('Exports en cour');
      const finish = (render: string, type: 'success' | 'info' | 'error') => {
        toast.update(id, { render, type, isLoading: false, autoClose: EXPORT_TOAST_MS });
        setExporting(false);
      };
      exportFilter({ organisationId, filter, startId: 0, endId: Number.MAX_SAFE_INTEGER }).then(
        ({ csvString }) => {
          if (!csvString) {
            finish('Le fichier est vide', 'info');
            return;
          }
          downloadCsv(csvString, EXPORT_FILE_NAME);
          finish('Export terminé', 'success');
        },
        (error: unknown) => {
          // The server's French message when it answered; otherwise the spec's generic one.
          const serverMessage = error instanceof ApiError && error.status !== null ? error.message : '';
          finish(serverMessage || "Erreur lors de l'export", 'error');
        },
      );
    },
    [organisationId],
  );

  return { exporting, start };
}
