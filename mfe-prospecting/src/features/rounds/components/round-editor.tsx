import { useMemo, useState, type FormEvent } from 'react';
import { ROUND_MESSAGES, type RoundInput, type RoundStart, type RoundStop } from '@app/domain';
import { Button, notifyError, Spinner, TextField } from '@app/platform';
import { downloadCsv } from '../../../utils/download-csv';
import { useRoundSettings } from '../hooks/use-round-settings';
import { directionsLinks, MAX_WAYPOINTS_PER_LINK } from '../utils/directions';
import { formatKm } from '../utils/geo';
import { roundCsv } from '../utils/round-csv';
import { legsOf, moved } from '../utils/round-legs';
import { optimiseInWorker } from '../utils/start-optimise-worker';
import { DeferredRoundMap } from './deferred-round-map';
import { StopList } from './stop-list';

export type RoundEditorProps = {
  initialName: string;
  start: RoundStart;
  initialStops: readonly RoundStop[];
  saveLabel: string;
  onSave: (round: RoundInput) => Promise<void>;
};

/** A computed or saved round: map, numbered stops with distances, reorder, save, print, CSV, directions. */
export function RoundEditor({ initialName, start, initialStops, saveLabel, onSave }: RoundEditorProps) {
  const settings = useRoundSettings();
  const [name, setName] = useState(initialName);
  const [stops, setStops] = useState<readonly RoundStop[]>(initialStops);
  const [saving, setSaving] = useState(false);
  const [optimising, setOptimising] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const legs = useMemo(() => legsOf(start, stops), [start, stops]);
  const totalKm = legs.at(-1)?.cumulativeKm ?? 0;
  const links = useMemo(() => directionsLinks(start, stops), [start, stops]);
  const [announcement, setAnnouncement] = useState('');

  const handleMove = (from: number, to: number) => {
    if (to < 0 || to >= stops.length) return;
    setStops((current) => moved(current, from, to));
    setAnnouncement(`Étape ${from + 1} déplacée en position ${to + 1}`);
  };

  const handleOptimise = async () => {
    setOptimising(true);
    try {
      const { order } = await optimiseInWorker(
        start,
        stops.map(({ lat, lng }) => ({ lat, lng })),
      );
      setStops(order.map((index) => stops[index] as RoundStop));
      setAnnouncement('Ordre des étapes recalculé');
    } finally {
      setOptimising(false);
    }
  };

  const handleSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(ROUND_MESSAGES.nameRequired);
      return;
    }
    setNameError(null);
    setSaving(true);
    try {
      await onSave({ name: name.trim(), start, stops: [...stops] });
    } finally {
      setSaving(false);
    }
  };

  const handleExport = () => {
    if (stops.length === 0) {
      notifyError(ROUND_MESSAGES.stopsRequired);
      return;
    }
    const fileName = `tournee-${(name.trim() || 'sans-nom').replace(/[^\p{L}\p{N}-]+/gu, '-')}.csv`;
    downloadCsv(roundCsv(start.label, start, legs), fileName);
  };

  return (
    <div className="round-editor round-print">
      <form className="round-editor__header" onSubmit={handleSave} noValidate>
        <TextField
          label="Nom de la tournée"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={nameError ? true : undefined}
        />
        {nameError && (
          <p className="rounds-error" role="alert">
            {nameError}
          </p>
        )}
        <div className="round-editor__actions round-no-print">
          <Button type="submit" disabled={saving}>
            {saving ? 'Enregistrement…' : saveLabel}
          </Button>
          <Button variant="secondary" onClick={handleOptimise} disabled={optimising || stops.length < 2}>
            {optimising ? 'Calcul…' : 'Optimiser l’ordre'}
          </Button>
          <Button variant="secondary" onClick={() => window.print()}>
            Imprimer
          </Button>
          <Button variant="secondary" onClick={handleExport}>
            Exporter en CSV
          </Button>
        </div>
      </form>
      <p className="round-editor__summary">
        Départ : <strong>{start.label}</strong> · {stops.length} étape{stops.length > 1 ? 's' : ''} · distance
        totale à vol d’oiseau : <strong data-testid="round-total">{formatKm(totalKm)}</strong>
      </p>
      <p className="rounds-sr-only" aria-live="polite">
        {announcement}
      </p>
      <div className="round-editor__body">
        <div className="round-editor__map">
          {settings ? (
            <DeferredRoundMap start={start} stops={stops} tileUrl={settings.tileUrl} />
          ) : (
            <Spinner label="Chargement de la carte" />
          )}
        </div>
        <div className="round-editor__list">
          <StopList legs={legs} onMove={handleMove} />
          <nav className="round-directions round-no-print" aria-label="Itinéraire">
            <h2 className="round-directions__title">Itinéraire dans un service de cartes</h2>
            {links.length > 1 && (
              <p className="round-directions__note">
                Le service n’accepte que {MAX_WAYPOINTS_PER_LINK} étapes intermédiaires par lien :
                l’itinéraire est découpé en {links.length} parties.
              </p>
            )}
            <ul>
              {links.map((link) => (
                <li key={link.firstStop}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {links.length > 1
                      ? `Ouvrir l’itinéraire (étapes ${link.firstStop} à ${link.lastStop})`
                      : 'Ouvrir l’itinéraire'}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
