import { useState } from 'react';
import { PERMISSION } from '@app/domain';
import { Button, EXPORT_TOAST_MS, ignoreHandledFailure, notifySuccess } from '@app/platform';
import { SettingsPage } from '../../../layout/settings-page';
import { useAccess } from '../../../session/use-access';
import { exportData } from '../api/export-data';
import { csvFileName, downloadCsv } from '../../../utils/download-csv';

/** 'Données': download everything the organisation holds, one CSV file per data set. */
export function DataScreen() {
  const { organisationId, isOwner, can } = useAccess();
  const [exporting, setExporting] = useState(false);
  const [downloaded, setDownloaded] = useState<string[]>([]);
  const allowed = isOwner || can(PERMISSION.EXPORT_PROSPECTS);

  const handleExport = async () => {
    if (!organisationId) return;
    setExporting(true);
    try {
      const { files } = await exportData({ organisationId });
      for (const file of files) downloadCsv(file.csvString, file.name);
      setDownloaded(files.map((file) => csvFileName(file.name)));
      notifySuccess('Export terminé', EXPORT_TOAST_MS);
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setExporting(false);
    }
  };

  return (
    <SettingsPage title="Données">
      <section className="settings-section" aria-labelledby="data-export-title">
        <h2 id="data-export-title">Exporter les données de l’organisation</h2>
        <p className="settings-hint">
          Prospects, opportunités, commentaires et membres, un fichier CSV par ensemble, lisible dans Excel.
        </p>
        {allowed ? (
          <Button onClick={() => void handleExport()} disabled={exporting}>
            {exporting ? 'Export en cours…' : 'Exporter toutes les données'}
          </Button>
        ) : (
          <p>Votre rôle ne permet pas d’exporter les données de l’organisation.</p>
        )}
        {downloaded.length > 0 ? (
          <>
            <h3>Fichiers téléchargés</h3>
            <ul>
              {downloaded.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </SettingsPage>
  );
}
