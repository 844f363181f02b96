import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  displayValue,
  isEmptyValue,
  MAX_LENGTHS,
  LIST_FILTER_LABELS,
  LIST_FILTERS,
  MAX_ROUND_STOPS,
  parseListFilter,
  ROUND_MESSAGES,
  selectedFilterCount,
  type ListFilter,
  type OpportunityView,
  type RoundInput,
  type RoundStart,
  type RoundStop,
} from '@app/domain';
import {
  Button,
  ignoreHandledFailure,
  notifySuccess,
  Select,
  Spinner,
  useDocumentTitle,
  useSessionStore,
} from '@app/platform';
import { FilterPanel } from '../../../components/filter-panel';
import { ListToolbar } from '../../../components/list-toolbar';
import { useListView } from '../../../hooks/use-list-view';
import { useOpportunityList } from '../../../hooks/use-opportunity-list';
import { defaultSortOf, SORT_OPTIONS } from '../../../utils/sort-options';
import { setLatLng } from '../../../api/set-lat-lng';
import { createRound } from '../api/create-round';
import { useRoundSettings } from '../hooks/use-round-settings';
import { parseLatLng } from '../utils/geo';
import { computeProblem } from '../utils/round-legs';
import { optimiseInWorker } from '../utils/start-optimise-worker';
import { RoundEditor } from './round-editor';

/** A stop keeps the prospect's phone or e-mail when there is one the round's schema accepts. */
const contactCopy = (value: string, max: number) =>
  isEmptyValue(value) || value.trim().length > max ? undefined : value.trim();
import { StartPicker } from './start-picker';
import '../../../components/opportunities.css';
import '../rounds.css';

/** Opportunities listed for ticking at once; the filters narrow a longer list. */
const SHOWN_FOR_CHOICE = 300;

type Draft = { start: RoundStart; stops: RoundStop[] };

export function addressOf(opportunity: OpportunityView): string {
  const prospect = opportunity.prospectId;
  return [prospect.adresseComplete, prospect.codePostale, prospect.ville]
    .map((part) => displayValue(part))
    .filter((part) => part !== 'Aucun')
    .join(' ');
}

/** /dashboard/tournees/nouvelle: stops chosen from the filtered list, a start, then the computed round. */
export function RoundBuilderScreen() {
  useDocumentTitle('Tournées', 'Nouvelle tournée');
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const navigate = useNavigate();
  const [filter, setFilter] = useState<ListFilter>('all');
  const [draft, setDraft] = useState<Draft | null>(null);

  const handleSave = async (content: RoundInput) => {
    if (!organisationId) return;
    try {
      const { round } = await createRound({ organisationId, ...content });
      notifySuccess('Tournée enregistrée');
      navigate(`/dashboard/tournees/${round._id}`);
    } catch (error) {
      ignoreHandledFailure(error);
    }
  };

  return (
    <section className="rounds-screen">
      <h1 className="ui-page-title">Nouvelle tournée</h1>
      {draft ? (
        <>
          <p className="round-no-print">
            <Button variant="ghost" onClick={() => setDraft(null)}>
              ← Modifier les étapes ou le départ
            </Button>
          </p>
          <RoundEditor
            initialName=""
            start={draft.start}
            initialStops={draft.stops}
            saveLabel="Enregistrer la tournée"
            onSave={handleSave}
          />
        </>
      ) : (
        <>
          <Select
            label="Liste d’opportunités"
            className="round-builder__list-choice"
            value={filter}
            options={LIST_FILTERS.map((id) => ({ value: id, label: LIST_FILTER_LABELS[id] }))}
            onChange={(value) => setFilter(parseListFilter(value) ?? 'all')}
          />
          {/* A new list starts with its own search, filters and choice. */}
          <StopChooser key={filter} filter={filter} onComputed={setDraft} />
        </>
      )}
    </section>
  );
}

type StopChooserProps = { filter: ListFilter; onComputed: (draft: Draft) => void };

function StopChooser({ filter, onComputed }: StopChooserProps) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const settings = useRoundSettings();
  const list = useOpportunityList(filter);
  const view = useListView(list.items, defaultSortOf(filter), `tournee-${filter}`);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const [chosen, setChosen] = useState<ReadonlyMap<string, OpportunityView>>(new Map());
  /** Positions found by "Géocoder" since the list loaded, by prospect id. */
  const [located, setLocated] = useState<Record<string, string>>({});
  const [locating, setLocating] = useState<string | null>(null);
  const [start, setStart] = useState<RoundStart | null>(null);
  const [computing, setComputing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const positionOf = (opportunity: OpportunityView) =>
    parseLatLng(located[opportunity.prospectId._id] ?? opportunity.prospectId.latlng);
  const chosenList = [...chosen.values()];
  const withPosition = chosenList.filter((opportunity) => positionOf(opportunity) !== null);
  const withoutPosition = chosenList.filter((opportunity) => positionOf(opportunity) === null);
  const tooMany = chosen.size > MAX_ROUND_STOPS;
  const shown = useMemo(() => view.shown.slice(0, SHOWN_FOR_CHOICE), [view.shown]);

  const toggle = (opportunity: OpportunityView) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(opportunity._id)) next.delete(opportunity._id);
      else next.set(opportunity._id, opportunity);
      return next;
    });
  // A round holds at most MAX_ROUND_STOPS stops: checking more than that at once is not offered.
  const choosable = view.shown.slice(0, MAX_ROUND_STOPS);
  const chooseShown = () =>
    setChosen((current) => {
      const next = new Map(current);
      for (const opportunity of choosable) next.set(opportunity._id, opportunity);
      return next;
    });

  const handleLocate = async (opportunity: OpportunityView) => {
    if (!organisationId) return;
    setLocating(opportunity._id);
    try {
      const { latlng } = await setLatLng({ organisationId, prospectId: opportunity.prospectId._id });
      setLocated((current) => ({ ...current, [opportunity.prospectId._id]: latlng }));
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setLocating(null);
    }
  };

  const handleCompute = async () => {
    const problem = computeProblem(chosen.size, withPosition.length, start !== null);
    if (problem || !start) return setError(problem);
    setError(null);
    setComputing(true);
    const stops: RoundStop[] = withPosition.map((opportunity) => {
      const position = positionOf(opportunity) as { lat: number; lng: number };
      return {
        opportunityId: opportunity._id,
        name: displayValue(opportunity.prospectId.prospect),
        address: addressOf(opportunity),
        lat: position.lat,
        lng: position.lng,
        phone: contactCopy(opportunity.prospectId.telephone, MAX_LENGTHS.phone),
        email: contactCopy(opportunity.prospectId.eMail, MAX_LENGTHS.email),
        // Placed by "Géocoder" here: at the address.
        latlngPrecision: located[opportunity.prospectId._id]
          ? 'address'
          : opportunity.prospectId.latlngPrecision,
      };
    });
    try {
      const { order } = await optimiseInWorker(
        start,
        stops.map(({ lat, lng }) => ({ lat, lng })),
      );
      onComputed({ start, stops: order.map((index) => stops[index] as RoundStop) });
    } finally {
      setComputing(false);
    }
  };

  return (
    <div className="round-builder">
      <h2 className="round-builder__title">1. Les étapes</h2>
      <ListToolbar
        search={view.search}
        onSearch={view.setSearch}
        sort={view.sort}
        sortOptions={SORT_OPTIONS}
        onSort={view.setSort}
        filterCount={selectedFilterCount(view.selection)}
        filtersOpen={filtersOpen}
        filtersId={filtersId}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
      >
        <Button variant="secondary" onClick={chooseShown} disabled={view.shown.length === 0}>
          {view.shown.length > MAX_ROUND_STOPS
            ? `Cocher les ${MAX_ROUND_STOPS} premières`
            : `Tout cocher (${view.shown.length.toLocaleString('fr-FR')})`}
        </Button>
        <Button variant="ghost" onClick={() => setChosen(new Map())} disabled={chosen.size === 0}>
          Tout décocher
        </Button>
      </ListToolbar>
      {filtersOpen && (
        <FilterPanel
          id={filtersId}
          selection={view.selection}
          counts={view.counts}
          options={view.options}
          onToggle={view.toggle}
          onClear={view.clear}
          onClose={() => setFiltersOpen(false)}
        />
      )}
      {list.loading ? (
        <Spinner label="Chargement des opportunités" />
      ) : view.shown.length === 0 ? (
        <p className="prospecting-empty">Aucun résultat</p>
      ) : (
        <fieldset className="round-builder__choices">
          <legend>
            Opportunités affichées : {view.shown.length.toLocaleString('fr-FR')}
            {view.shown.length > SHOWN_FOR_CHOICE &&
              ` (les ${SHOWN_FOR_CHOICE} premières ; affinez avec les filtres)`}
          </legend>
          <ul>
            {shown.map((opportunity) => (
              <li key={opportunity._id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.has(opportunity._id)}
                    onChange={() => toggle(opportunity)}
                  />
                  <span className="round-builder__name">{displayValue(opportunity.prospectId.prospect)}</span>
                  <span className="round-builder__address">{addressOf(opportunity)}</span>
                  {!positionOf(opportunity) && <span className="round-builder__badge">sans coordonnées</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p className="round-builder__count" aria-live="polite">
        {chosen.size} étape{chosen.size > 1 ? 's' : ''} choisie{chosen.size > 1 ? 's' : ''} (au plus{' '}
        {MAX_ROUND_STOPS})
      </p>
      {tooMany && (
        <p className="rounds-error" role="alert">
          {ROUND_MESSAGES.tooManyStops} : {chosen.size} sont cochées.
        </p>
      )}
      {withoutPosition.length > 0 && (
        <section className="round-builder__unlocated" aria-label="Étapes sans coordonnées">
          <h3>Étapes sans coordonnées ({withoutPosition.length})</h3>
          <p>
            Ni leur code postal ni leur ville n’ont permis de les situer : elles ne sont pas placées dans la
            tournée tant que leur adresse n’est pas géocodée.
          </p>
          {settings && !settings.geocoder && (
            <p className="rounds-error">
              La géolocalisation n’est pas configurée sur ce serveur : ces étapes ne peuvent pas être placées
              sur la carte.
            </p>
          )}
          <ul>
            {withoutPosition.map((opportunity) => (
              <li key={opportunity._id}>
                {displayValue(opportunity.prospectId.prospect)} —{' '}
                {addressOf(opportunity) || 'adresse inconnue'}{' '}
                <Button
                  variant="secondary"
                  onClick={() => handleLocate(opportunity)}
                  disabled={locating !== null || settings?.geocoder === false}
                  aria-label={`Géocoder ${displayValue(opportunity.prospectId.prospect)}`}
                >
                  {locating === opportunity._id ? 'Géocodage…' : 'Géocoder'}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <h2 className="round-builder__title">2. Le départ</h2>
      {!settings ? (
        <Spinner label="Chargement des réglages" />
      ) : (
        <StartPicker
          geocoder={settings.geocoder}
          candidates={withPosition.map((opportunity) => ({
            id: opportunity._id,
            label: `${displayValue(opportunity.prospectId.prospect)} — ${addressOf(opportunity)}`,
            position: positionOf(opportunity) as { lat: number; lng: number },
          }))}
          start={start}
          onStart={setStart}
        />
      )}
      {error && (
        <p className="rounds-error" role="alert">
          {error}
        </p>
      )}
      <Button onClick={handleCompute} disabled={computing || tooMany}>
        {computing ? 'Calcul de l’ordre…' : 'Calculer la tournée'}
      </Button>
    </div>
  );
}
