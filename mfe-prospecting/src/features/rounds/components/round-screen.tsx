import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { RoundInput, RoundView } from '@app/domain';
import { ignoreHandledFailure, notifySuccess, Spinner, useSessionStore } from '@app/platform';
import { getRound } from '../api/get-round';
import { updateRound } from '../api/update-round';
import { RoundEditor } from './round-editor';
import '../rounds.css';

/** /dashboard/tournees/:id: a saved round, reordered and saved again. */
export function RoundScreen() {
  const { id = '' } = useParams();
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [round, setRound] = useState<RoundView | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!organisationId) return undefined;
    let cancelled = false;
    getRound({ organisationId, roundId: id }).then(
      (reply) => !cancelled && setRound(reply.round),
      (error: unknown) => {
        if (!cancelled) setMissing(true);
        ignoreHandledFailure(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [organisationId, id]);

  const handleSave = async (content: RoundInput) => {
    if (!organisationId) return;
    try {
      const reply = await updateRound({ organisationId, roundId: id, ...content });
      setRound(reply.round);
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
