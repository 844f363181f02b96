// The rounds' limits and French messages (docs/decisions/rounds.md), apart from their schemas in
// rounds.ts: a screen that only shows them does not load zod with its first paint.

/** Stops a round may hold (issue 13). */
export const MAX_ROUND_STOPS = 200;

export const ROUND_MESSAGES = {
  nameRequired: 'Veuillez donner un nom à la tournée',
  startRequired: 'Veuillez choisir un point de départ',
  stopsRequired: 'Veuillez choisir au moins une étape',
  stopsNotLocated:
    'Aucune des étapes choisies n’est localisée : localisez-les d’abord, ou choisissez-en d’autres',
  tooManyStops: `Une tournée ne peut pas contenir plus de ${MAX_ROUND_STOPS} étapes`,
  duplicateStop: 'Une opportunité ne peut figurer qu’une fois dans la tournée',
  invalidLatitude: 'Latitude invalide : attendu un nombre entre -90 et 90',
  invalidLongitude: 'Longitude invalide : attendu un nombre entre -180 et 180',
  addressRequired: 'Veuillez saisir l’adresse de départ',
  notFound: 'Tournée introuvable',
  unknownStop: 'Une étape de la tournée ne correspond à aucune de vos opportunités',
  addressNotFound: 'Adresse de départ introuvable',
} as const;
