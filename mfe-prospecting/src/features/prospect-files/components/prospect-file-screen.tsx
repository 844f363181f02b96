import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { hasPermission, PERMISSION, type UndoImportReply } from '@app/domain';
import {
  ignoreHandledFailure,
  notifySuccess,
  Spinner,
  useDocumentTitle,
  useSessionStore,
} from '@app/platform';
import { deleteProspect } from '../api/delete-prospect';
import { useAddOpportunity } from '../hooks/use-add-opportunity';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useProspectFile } from '../hooks/use-prospect-file';
import { useProspectPages } from '../hooks/use-prospect-pages';
import type { ProspectRow } from '../types/prospect-file';
import { formatCount } from '../utils/format-percent';
import { ActionMenu } from './action-menu';
import { PrivateMark } from './private-mark';
import { ProspectFileFigures } from './prospect-file-figures';
import { ProspectsTable } from './prospects-table';
import { UndoImportModal } from './undo-import-modal';
import '../prospect-files.css';

/** Typing pauses this long before the server is asked to search. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /dashboard/prospect/show/:id — one file: its figures and its prospects. */
export function ProspectFileScreen() {
  const { id = '' } = useParams();
  const organisationId = useSessionStore((state) => state.currentOrganisationId) ?? '';
  const file = useProspectFile(id);
  useDocumentTitle('Fichiers de prospection', file.status === 'ready' ? file.file.name : undefined);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Moved when rows leave the file (a prospect deleted, the import undone): its pages are read again.
  const [rowsVersion, setRowsVersion] = useState(0);
  const pages = useProspectPages({
    organisationId,
    excelId: id,
    search: settledSearch,
    version: rowsVersion,
  });
  const opportunities = useAddOpportunity(file.refresh);
  const permissions = useSessionStore((state) => state.permissions);
  const navigate = useNavigate();
  const [undoOpen, setUndoOpen] = useState(false);
  const [fileRemoved, setFileRemoved] = useState(false);
  const { refresh } = file;

  const handleUndone = useCallback(
    (reply: UndoImportReply) => {
      if (reply.fileRemoved) setFileRemoved(true);
      else {
        setRowsVersion((value) => value + 1);
        refresh();
      }
    },
    [refresh],
  );
  const handleUndoClosed = () => {
    setUndoOpen(false);
    if (fileRemoved) navigate('/dashboard/prospect/list');
  };
  const handleDeleteProspect = useCallback(
    (prospect: ProspectRow) => {
      deleteProspect({ organisationId, prospectId: prospect._id }).then(({ message }) => {
        notifySuccess(message);
        setRowsVersion((value) => value + 1);
        refresh();
      }, ignoreHandledFailure);
    },
    [organisationId, refresh],
  );

  if (file.status === 'loading') {
    return (
      <section className="prospect-files">
        <Spinner label="Chargement du fichier…" />
      </section>
    );
  }
  if (file.status !== 'ready') {
    return (
      <section className="prospect-files">
        <h1 className="ui-page-title">Fichier introuvable</h1>
        <p className="prospecting-empty">
          {file.status === 'missing'
            ? "Ce fichier n'existe pas ou vous n'y avez pas accès."
            : 'Le fichier n’a pas pu être chargé. Réessayez dans un instant.'}
        </p>
        <Link to="/dashboard/prospect/list">Retour aux fichiers de prospection</Link>
      </section>
    );
  }

  const { file: excel } = file;
  return (
    <section className="prospect-files">
      <nav aria-label="Fil d'Ariane" className="prospect-files__breadcrumb">
        <Link to="/dashboard/prospect/list">Fichiers de prospection</Link>
      </nav>
      <header className="prospect-files__header">
        <h1 className="ui-page-title">{excel.name}</h1>
        {excel.isPrivate && <PrivateMark />}
        {hasPermission(permissions, PERMISSION.DELETE_CAMPAIGN) && (
          <div className="prospect-files__file-menu">
            <ActionMenu
              label="Actions du fichier"
              buttonClassName="ui-button ui-button--secondary"
              items={[{ label: "Annuler l'import", onSelect: () => setUndoOpen(true) }]}
            />
          </div>
        )}
      </header>
      <ProspectFileFigures stats={excel.stats} />
      <div className="prospecting-toolbar prospect-files__toolbar">
        <input
          type="search"
          aria-label="Rechercher un prospect"
          placeholder="Rechercher dans le fichier"
          title="Prospect, enseigne, code postal, ville, adresse, site ou téléphone"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <p className="prospect-files__count" role="status">
          {pages.total === null ? '' : countLabel(pages.total, settledSearch !== '')}
        </p>
      </div>
      {pages.failed ? (
        <p className="prospecting-empty">Les prospects n’ont pas pu être chargés.</p>
      ) : pages.total === null ? (
        <Spinner label="Chargement des prospects…" />
      ) : pages.total === 0 ? (
        <p className="prospecting-empty">
          {settledSearch
            ? 'Aucun prospect ne correspond à votre recherche.'
            : 'Ce fichier ne contient encore aucun prospect.'}
        </p>
      ) : (
        <ProspectsTable
          fileName={excel.name}
          pages={pages}
          opportunities={opportunities}
          {...(hasPermission(permissions, PERMISSION.DELETE_PROSPECT)
            ? { onDelete: handleDeleteProspect }
            : {})}
        />
      )}
      <UndoImportModal
        organisationId={organisationId}
        excelId={excel._id}
        fileName={excel.name}
        open={undoOpen}
        onClose={handleUndoClosed}
        onUndone={handleUndone}
      />
    </section>
  );
}

function countLabel(total: number, searching: boolean): string {
  const noun = total > 1 ? 'prospects' : 'prospect';
  return searching
    ? `${formatCount(total)} ${noun} trouvé${total > 1 ? 's' : ''}`
    : `${formatCount(total)} ${noun}`;
}
