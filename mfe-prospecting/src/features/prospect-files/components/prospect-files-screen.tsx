import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProspectFileRow } from '@app/domain';
import {
  APP_EVENTS,
  emitAppEvent,
  ignoreHandledFailure,
  notifySuccess,
  Spinner,
  useDocumentTitle,
  useSessionStore,
} from '@app/platform';
import { deleteProspectFile } from '../api/delete-prospect-file';
import { useProspectFiles } from '../hooks/use-prospect-files';
import { nameMatches } from '../utils/name-matches';
import { DeleteFileModal } from './delete-file-modal';
import { ManualFileModal } from './manual-file-modal';
import { NewFileMenu } from './new-file-menu';
import { ProspectFilesTable } from './prospect-files-table';
import '../prospect-files.css';

/** /dashboard/prospect/list — "Fichier de prospection": the organisation's prospect files. */
export function ProspectFilesScreen() {
  useDocumentTitle('Fichiers de prospection');
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const navigate = useNavigate();
  const { files, loading, reload } = useProspectFiles();
  const [search, setSearch] = useState('');
  const [manualOpen, setManualOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ProspectFileRow | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const shown = useMemo(() => files.filter((file) => nameMatches(file.name, search)), [files, search]);

  const handleAskDelete = (file: ProspectFileRow) => {
    setToDelete(file);
    setDeleteOpen(true);
  };

  const handleConfirmDelete = () => {
    if (!toDelete || !organisationId) return;
    setDeleting(true);
    deleteProspectFile({ organisationId, excelId: toDelete._id }).then(
      () => {
        notifySuccess(`${toDelete.name} a correctement été supprimé !`);
        setDeleting(false);
        setDeleteOpen(false);
        reload();
      },
      (error: unknown) => {
        setDeleting(false);
        setDeleteOpen(false);
        ignoreHandledFailure(error);
      },
    );
  };

  return (
    <section className="prospect-files">
      <header className="prospect-files__header">
        <h1 className="ui-page-title">Fichier de prospection</h1>
      </header>
      <div className="prospecting-toolbar prospect-files__toolbar">
        <input
          type="search"
          aria-label="Rechercher un fichier"
          placeholder="Rechercher un fichier"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <NewFileMenu
          onImport={() => emitAppEvent(APP_EVENTS.openImportModal)}
          onCreateManual={() => setManualOpen(true)}
        />
      </div>
      {loading ? (
        <Spinner label="Chargement des fichiers…" />
      ) : files.length === 0 ? (
        <p className="prospecting-empty">
          Aucun fichier de prospection pour le moment. Importez un fichier Excel ou créez une liste
          manuellement.
        </p>
      ) : shown.length === 0 ? (
        <p className="prospecting-empty">Aucun fichier ne correspond à votre recherche.</p>
      ) : (
        <ProspectFilesTable files={shown} onDelete={handleAskDelete} />
      )}
      <ManualFileModal
        open={manualOpen}
        onClose={() => setManualOpen(false)}
        onCreated={(excelId) => navigate(`/dashboard/prospect/show/${encodeURIComponent(excelId)}`)}
      />
      <DeleteFileModal
        file={toDelete}
        open={deleteOpen}
        deleting={deleting}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={handleConfirmDelete}
      />
    </section>
  );
}
