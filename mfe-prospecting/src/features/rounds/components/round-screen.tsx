import { Link, useParams } from 'react-router-dom';
import type { RoundInput } from '@app/domain';
import {
  ignoreHandledFailure,
  notifySuccess,
  Spinner,
  useApiQuery,
  useDocumentTitle,
  useSessionStore,
} from '@app/platform';
import { getRound } from '../api/get-round';
import { updateRound } from '../api/update-round';
import { RoundEditor } from './round-editor';
import '../rounds.css';

/** /dashboard/tournees/:id: a saved round, reordered and saved again. */
export function RoundScreen() {
  const { id = '' } = useParams();
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const query = useApiQuery(getRound, organisationId ? { organisationId, roundId: id } : null, {
    key: 'round/get',
  });
  const round = query.data?.round ?? null;
  const missing = query.error !== undefined && !round;
  useDocumentTitle('Tournées', round?.name);

  const handleSave = async (content: RoundInput) => {
    if (!organisationId) return;
    try {
      const reply = await updateRound({ organisationId, roundId: id, ...content });
      query.setData(reply);
      notifySuccess('Tournée enregistrée');
    } catch (error) {
      ignoreHandledFailure(error);
    }
  };

  return (
    <section className="rounds-screen">
      <p className="round-no-print">
        <Link to="/dashboard/tournees">← Toutes les tournées</Link>
      </p>
      <h1 className="ui-page-title">{round ? round.name : 'Tournée'}</h1>
      {missing ? (
        <p className="prospecting-empty">Tournée introuvable</p>
      ) : !round ? (
        <Spinner label="Chargement de la tournée" />
      ) : (
        <RoundEditor
          key={round.updatedAt}
          initialName={round.name}
          start={round.start}
          initialStops={round.stops}
          saveLabel="Enregistrer"
          onSave={handleSave}
        />
      )}
    </section>
  );
}
