import { Link } from 'react-router-dom';
import { formatDate, type RoundSummary } from '@app/domain';
import {
  Button,
  ignoreHandledFailure,
  invalidateApiQueries,
  notifySuccess,
  Spinner,
  useApiQuery,
  useDocumentTitle,
  useSessionStore,
} from '@app/platform';
import { deleteRound } from '../api/delete-round';
import { listRounds } from '../api/list-rounds';
import '../rounds.css';

/** /dashboard/tournees: the member's saved rounds in this organisation, and "Nouvelle tournée". */
export function RoundsScreen() {
  useDocumentTitle('Tournées');
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const query = useApiQuery(listRounds, organisationId ? { organisationId } : null, { key: 'round/list' });
  // A failed load shows the empty list (its toast says why).
  const rounds: RoundSummary[] | null = query.error !== undefined ? [] : (query.data?.rounds ?? null);

  const handleDelete = async (round: RoundSummary) => {
    if (!organisationId || !window.confirm(`Supprimer la tournée « ${round.name} » ?`)) return;
    try {
      await deleteRound({ organisationId, roundId: round._id });
      notifySuccess('Tournée supprimée');
      invalidateApiQueries('round/list');
    } catch (error) {
      ignoreHandledFailure(error);
    }
  };

  return (
    <section className="rounds-screen">
      <div className="rounds-screen__header">
        <h1 className="ui-page-title">Gestion des tournées</h1>
        <Link className="ui-button ui-button--secondary" to="/dashboard/tournees/ma-journee">
          Ma journée
        </Link>
        <Link className="ui-button ui-button--primary" to="/dashboard/tournees/nouvelle">
          Nouvelle tournée
        </Link>
      </div>
      {rounds === null ? (
        <Spinner label="Chargement des tournées" />
      ) : rounds.length === 0 ? (
        <p className="prospecting-empty">Aucune tournée enregistrée</p>
      ) : (
        <ul className="rounds-list" aria-label="Tournées enregistrées">
          {rounds.map((round) => (
            <li key={round._id} className="rounds-list__item">
              <Link to={`/dashboard/tournees/${round._id}`}>{round.name}</Link>
              <span className="rounds-list__meta">
                {round.stopCount} étape{round.stopCount > 1 ? 's' : ''} · modifiée le{' '}
                {formatDate(round.updatedAt)}
              </span>
              <Button variant="ghost" onClick={() => handleDelete(round)}>
                Supprimer<span className="rounds-sr-only"> la tournée {round.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
