import { useState } from 'react';
import { ROUND_MESSAGES, type RoundStart } from '@app/domain';
import { Button, ignoreHandledFailure, Select, TextField, useSessionStore } from '@app/platform';
import { geocodeStart } from '../api/geocode-start';

type Mode = 'address' | 'coordinates' | 'opportunity';

export type StartCandidate = { id: string; label: string; position: { lat: number; lng: number } };

export type StartPickerProps = {
  /** GEOCODER_URL is set: an address can be geocoded. */
  geocoder: boolean;
  /** The chosen stops that have a position. */
  candidates: readonly StartCandidate[];
  start: RoundStart | null;
  onStart: (start: RoundStart | null) => void;
};

/** Decimal degrees typed the French way or not ("48,86" or "48.86"). */
const readDegrees = (text: string) =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));

/**
 * The round's start: an address geocoded by the server when GEOCODER_URL is set, typed coordinates,
 * or one of the chosen opportunities (docs/decisions/rounds.md).
 */
export function StartPicker({ geocoder, candidates, start, onStart }: StartPickerProps) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [mode, setMode] = useState<Mode>(geocoder ? 'address' : 'coordinates');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [geocoding, setGeocoding] = useState(false);
  const [candidateId, setCandidateId] = useState('');

  const handleMode = (value: string) => {
    setMode(value as Mode);
    setError(null);
    onStart(null);
  };

  const handleGeocode = async () => {
    if (!organisationId) return;
    if (!address.trim()) return setError(ROUND_MESSAGES.addressRequired);
    setError(null);
    setGeocoding(true);
    try {
      onStart((await geocodeStart({ organisationId, address })).start);
    } catch (failure) {
      onStart(null);
      ignoreHandledFailure(failure);
    } finally {
      setGeocoding(false);
    }
  };

  const handleCoordinates = async () => {
    // The validator (zod) loads when first used, not with the round's first paint on a phone.
    const { roundStartSchema } = await import('../utils/round-start-schema');
    const parsed = roundStartSchema.safeParse({
      label: label.trim() || `${lat.trim()}, ${lng.trim()}`,
      lat: readDegrees(lat),
      lng: readDegrees(lng),
    });
    if (!parsed.success) {
      onStart(null);
      return setError(parsed.error.issues[0]?.message ?? ROUND_MESSAGES.startRequired);
    }
    setError(null);
    onStart(parsed.data);
  };

  const handleOpportunity = (id: string) => {
    setCandidateId(id);
    const candidate = candidates.find((item) => item.id === id);
    onStart(candidate ? { label: candidate.label, ...candidate.position } : null);
  };

  return (
    <fieldset className="start-picker">
      <legend>Point de départ</legend>
      <Select
        label="Partir de"
        value={mode}
        onChange={handleMode}
        options={[
          ...(geocoder ? [{ value: 'address', label: 'Une adresse' }] : []),
          { value: 'coordinates', label: 'Des coordonnées' },
          { value: 'opportunity', label: 'Une des étapes choisies' },
        ]}
      />
      {!geocoder && (
        <p className="start-picker__note">
          La géolocalisation n’est pas configurée sur ce serveur : saisissez les coordonnées du départ ou
          partez d’une des étapes.
        </p>
      )}
      {mode === 'address' && (
        <div className="start-picker__row">
          <TextField
            label="Adresse de départ"
            value={address}
            maxLength={300}
            onChange={(e) => setAddress(e.target.value)}
          />
          <Button variant="secondary" onClick={handleGeocode} disabled={geocoding}>
            {geocoding ? 'Géocodage…' : 'Géocoder l’adresse'}
          </Button>
        </div>
      )}
      {mode === 'coordinates' && (
        <div className="start-picker__row">
          <TextField
            label="Nom du départ"
            value={label}
            maxLength={300}
            onChange={(e) => setLabel(e.target.value)}
          />
          <TextField
            label="Latitude"
            inputMode="decimal"
            value={lat}
            onChange={(e) => setLat(e.target.value)}
          />
          <TextField
            label="Longitude"
            inputMode="decimal"
            value={lng}
            onChange={(e) => setLng(e.target.value)}
          />
          <Button variant="secondary" onClick={() => void handleCoordinates()}>
            Utiliser ces coordonnées
          </Button>
        </div>
      )}
      {mode === 'opportunity' &&
        (candidates.length === 0 ? (
          <p className="start-picker__note">Cochez d’abord des étapes qui ont des coordonnées.</p>
        ) : (
          <Select
            label="Étape de départ"
            value={candidateId}
            onChange={handleOpportunity}
            options={[
              { value: '', label: 'Choisir…' },
              ...candidates.map((item) => ({ value: item.id, label: item.label })),
            ]}
          />
        ))}
      {error && (
        <p className="rounds-error" role="alert">
          {error}
        </p>
      )}
      {start && (
        <p className="start-picker__chosen" aria-live="polite">
          Départ retenu : <strong>{start.label}</strong> ({start.lat.toFixed(5)}, {start.lng.toFixed(5)})
        </p>
      )}
    </fieldset>
  );
}
