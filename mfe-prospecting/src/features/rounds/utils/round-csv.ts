// A round as a CSV Excel opens in French: the domain's cells (';', quoted, formulas neutralised),
// downloaded with the byte-order mark by the list's helper.
import { csvLine } from '@app/domain';
import type { RoundLeg } from './round-legs';

export const ROUND_CSV_HEADER = [
  'Ordre',
  'Raison sociale',
  'Adresse',
  'Latitude',
  'Longitude',
  'Distance depuis l’étape précédente (km)',
  'Distance cumulée (km)',
];

const km = (value: number) => value.toFixed(1).replace('.', ',');

export function roundCsv(
  startLabel: string,
  start: { lat: number; lng: number },
  legs: readonly RoundLeg[],
): string {
  let text = csvLine(ROUND_CSV_HEADER);
  text += csvLine(['Départ', startLabel, startLabel, start.lat, start.lng, '', '']);
  for (const leg of legs) {
    text += csvLine([
      leg.number,
      leg.stop.name,
      leg.stop.address,
      leg.stop.lat,
      leg.stop.lng,
      km(leg.km),
      km(leg.cumulativeKm),
    ]);
  }
  return text;
}
