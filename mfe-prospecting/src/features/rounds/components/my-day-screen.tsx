import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Select,
  Spinner,
  useApiQuery,
  useDocumentTitle,
  useOfflineState,
  useSessionStore,
} from '@app/platform';
import { useStatuses } from '../../../hooks/use-statuses';
import { getRound } from '../api/get-round';
import { listRounds } from '../api/list-rounds';
import { useRoundSettings } from '../hooks/use-round-settings';
import { roundOfTheDay } from '../utils/round-of-the-day';
import { DeferredRoundMap } from './deferred-round-map';
import { StopCard } from './stop-card';
import '../../../components/opportunity-detail.css';
import '../../../components/opportunity-state/opportunity-state.css';
import '../rounds.css';
import '../my-day.css';

// Leaflet loads with the map once the screen is painted, as in the round editor
// (docs/decisions/bundle-budget.md, lighthouse.md).

/**
 * /dashboard/tournees/ma-journee[?tournee=<id>]: the round of the day (the most recent one saved
 * today, or any saved round chosen) with each stop's card and the map. Every reply is kept on the
 * device, so the screen reads the same with no network once opened online; changes go through the
 * device queue (docs/decisions/offline-day.md).
 */
export function MyDayScreen() {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [searchParams, setSearchParams] = useSearchParams();
  const { pending } = useOfflineState();
  const [today] = useState(() => Date.now());
  const statuses = useStatuses();
  const settings = useRoundSettings();
  const list = useApiQuery(listRounds, organisationId ? { organisationId } : null, {
    key: 'round/list',
    offline: true,
  });
  const rounds = list.data?.rounds ?? (list.error !== undefined ? [] : null);
  const roundId =
    searchParams.get('tournee') ?? (rounds ? (roundOfTheDay(rounds, today)?._id ?? null) : null);
  const query = useApiQuery(getRound, organisationId && roundId ? { organisationId, roundId } : null, {
    key: 'round/get',
    offline: true,
  });
  const round = query.data?.round ?? null;
  useDocumentTitle('Ma journée', round?.name);

  return (
    <section className="rounds-screen my-day">
      <p>
        <Link to="/dashboard/tournees">← Toutes les tournées</Link>
      </p>
      <h1 className="ui-page-title">Ma journée</h1>
      {rounds === null ? (
        <Spinner label="Chargement des tournées" />
      ) : rounds.length === 0 ? (
        <p className="prospecting-empty">
          Aucune tournée enregistrée. <Link to="/dashboard/tournees/nouvelle">Préparer une tournée</Link>
        </p>
      ) : (
        <Select
          className="my-day__picker"
          label="Tournée"
          value={roundId ?? ''}
          options={rounds.map((summary) => ({
            value: summary._id,
            label: `${summary.name} (${summary.stopCount} étape${summary.stopCount > 1 ? 's' : ''})`,
          }))}
          onChange={(value) => setSearchParams({ tournee: value }, { replace: true })}
        />
      )}
      {roundId === null ? null : !round ? (
        query.error !== undefined ? (
          <p className="prospecting-empty">Tournée indisponible sur cet appareil</p>
        ) : (
          <Spinner label="Chargement de la tournée" />
        )
      ) : (
        <>
          <p className="my-day__summary">
            Départ : <strong>{round.start.label}</strong> · {round.stops.length} étape
            {round.stops.length > 1 ? 's' : ''}
          </p>
          <div className="my-day__map">
            {settings ? (
              <DeferredRoundMap start={round.start} stops={round.stops} tileUrl={settings.tileUrl} />
            ) : (
              <Spinner label="Chargement de la carte" />
            )}
          </div>
          <ol className="my-day__stops" aria-label="Étapes de la journée">
            {round.stops.map((stop, index) => (
              <StopCard
                key={stop.opportunityId}
                number={index + 1}
                stop={stop}
                organisationId={organisationId ?? ''}
                statuses={statuses}
                pending={pending}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
