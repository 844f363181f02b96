// Tournées (visit rounds): what a saved round holds and the bodies of the /api/round/* calls, shared by
// the API (validation) and the rounds screens. docs/decisions/rounds.md.
import { z } from './zod';
import { fieldError, idField, MAX_LENGTHS, OBJECT_ERROR, requiredText } from './validation/fields';
import { MESSAGES } from './validation/messages';
import { MAX_ROUND_STOPS, ROUND_MESSAGES } from './round-messages';

// In a module without zod: the rounds screen shows these messages without loading the validator.
export { MAX_ROUND_STOPS, ROUND_MESSAGES } from './round-messages';

const latitude = z
  .number({ error: fieldError('latitude', ROUND_MESSAGES.invalidLatitude) })
  .min(-90, ROUND_MESSAGES.invalidLatitude)
  .max(90, ROUND_MESSAGES.invalidLatitude);

const longitude = z
  .number({ error: fieldError('longitude', ROUND_MESSAGES.invalidLongitude) })
  .min(-180, ROUND_MESSAGES.invalidLongitude)
  .max(180, ROUND_MESSAGES.invalidLongitude);

const shortText = (label: string, max: number) =>
  z
    .string({ error: fieldError(label) })
    .trim()
    .max(max, MESSAGES.tooLong(label, max))
    .nullish()
    .transform((value) => value ?? '');

/** The point the round leaves from: a geocoded address, typed coordinates or an opportunity. */
export const roundStartSchema = z.object(
  {
    label: requiredText('départ', ROUND_MESSAGES.startRequired, MAX_LENGTHS.address),
    lat: latitude,
    lng: longitude,
  },
  { error: fieldError('départ', ROUND_MESSAGES.startRequired) },
);

/**
 * One stop: the opportunity it visits and a copy of what the round shows of it (name, address,
 * position, phone and e-mail) when saved, so a printed or reopened round reads the same (docs/decisions/rounds.md).
 */
export const roundStopSchema = z.object(
  {
    opportunityId: idField('opportunité', MESSAGES.invalidType('opportunité')),
    name: shortText('nom', MAX_LENGTHS.name),
    address: shortText('adresse', MAX_LENGTHS.address),
    lat: latitude,
    lng: longitude,
    /** Copied at save time so the stop's card calls and writes from the round (issue 19). */
    phone: z
      .string({ error: fieldError('téléphone') })
      .trim()
      .max(MAX_LENGTHS.phone)
      .optional(),
    email: z
      .string({ error: fieldError('e-mail') })
      .trim()
      .max(MAX_LENGTHS.email)
      .optional(),
    /** How precise the stop's position is (absent on rounds saved before precisions existed). */
    latlngPrecision: z
      .enum(['address', 'commune', 'department'], { error: fieldError('précision de la position') })
      .optional(),
  },
  { error: fieldError('étape') },
);

const stops = z
  .array(roundStopSchema, { error: fieldError('étapes', ROUND_MESSAGES.stopsRequired) })
  .min(1, ROUND_MESSAGES.stopsRequired)
  .max(MAX_ROUND_STOPS, ROUND_MESSAGES.tooManyStops)
  .refine(
    (list) => new Set(list.map((stop) => stop.opportunityId)).size === list.length,
    ROUND_MESSAGES.duplicateStop,
  );

const roundId = idField('tournée', MESSAGES.invalidType('tournée'));

const roundContent = {
  name: requiredText('nom', ROUND_MESSAGES.nameRequired, MAX_LENGTHS.title),
  start: roundStartSchema,
  /** In visiting order. */
  stops,
};

/** /api/round/create. */
export const createRoundSchema = z.object(roundContent, OBJECT_ERROR);

/** /api/round/update: the whole round again (name, start, stops in their new order). */
export const updateRoundSchema = z.object({ roundId, ...roundContent }, OBJECT_ERROR);

/** /api/round/get and /api/round/delete. */
export const roundIdSchema = z.object({ roundId }, OBJECT_ERROR);

/** /api/round/list. */
export const listRoundsSchema = z.object({}, OBJECT_ERROR);

/** /api/round/geocode: the start address, geocoded by the server's GEOCODER_URL. */
export const geocodeStartSchema = z.object(
  { address: requiredText('adresse', ROUND_MESSAGES.addressRequired, MAX_LENGTHS.address) },
  OBJECT_ERROR,
);

export type RoundStart = z.output<typeof roundStartSchema>;
export type RoundStop = z.output<typeof roundStopSchema>;
export type RoundInput = z.input<typeof createRoundSchema>;

export type RoundView = {
  _id: string;
  name: string;
  start: RoundStart;
  stops: RoundStop[];
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
};

export type RoundSummary = { _id: string; name: string; stopCount: number; updatedAt: number };

/** /api/round/settings: what the screens need to know of the server's configuration. */
export type RoundSettings = {
  /** Leaflet URL template of the map tiles (MAP_TILE_URL), or null: the offline base map. */
  tileUrl: string | null;
  /** True when GEOCODER_URL is set: addresses can be geocoded. */
  geocoder: boolean;
};
