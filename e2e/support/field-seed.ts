// An organisation as a salesperson finds it on the road: a file of a few hundred shops around Lyon,
// most taken as opportunities spread over the four states, some commented, a few positioned and one
// saved round; the rest left in the unassigned pool. For the phone and tablet layout specs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callApi, callerOf, type Caller } from './seed';
import { signUpThroughApi, type TestUser } from './session';

export const FIELD_FILE = 'Commerces du Rhône';
export const FIELD_ROUND = 'Tournée Presqu’île';
const MAPPING = {
  prospect: 'Raison sociale',
  enseigne: 'Enseigne',
  adresseComplete: 'Adresse',
  codePostale: 'CP',
  ville: 'Ville',
  telephone: 'Tél',
  eMail: 'Courriel',
  libelleactivite: 'Activité',
};
const TRADES = ['Boulangerie', 'Pharmacie', 'Librairie', 'Fleuriste', 'Garage', 'Crèche'];
const STREETS = ['rue de la République', 'cours Lafayette', 'avenue Jean Jaurès', 'quai Saint-Antoine'];

/** The shops of the file; the first ones have long names, as real files do. */
export function fieldRows(count: number): Record<string, string>[] {
  return Array.from({ length: count }, (_, index) => {
    const trade = TRADES[index % TRADES.length] as string;
    const number = String(index + 1).padStart(3, '0');
    return {
      'Raison sociale':
        index % 7 === 0
          ? `${trade} et fournitures professionnelles de la Presqu’île n° ${number}`
          : `${trade} ${number}`,
      Enseigne: `${trade} du quartier`,
      Adresse: `${(index % 90) + 1} ${STREETS[index % STREETS.length]}`,
      CP: `6900${(index % 9) + 1}`,
      Ville: 'Lyon',
      Tél: `04780${String(index).padStart(5, '0')}`,
      Courriel: `contact${number}@commerce-lyon.fr`,
      Activité: trade,
    };
  });
}

/**
 * A stand-in for the national address API: every query gets a point in Lyon derived from its text, so
 * any address is "found" and the stops spread over the city.
 */
export async function startStandInGeocoder(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('q') ?? '';
    const hash = [...query].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 10_007, 7);
    const coordinates = [4.82 + (hash % 100) / 2_000, 45.74 + (Math.floor(hash / 100) % 100) / 2_500];
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ features: [{ type: 'Feature', geometry: { type: 'Point', coordinates } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type FieldOrganisation = {
  user: TestUser;
  caller: Caller;
  excelId: string;
  /** Opportunities in file order, with the state each was given. */
  opportunities: { _id: string; name: string; state: 'TODO' | 'WAITING' | 'WIN' | 'LOOSE' }[];
  roundId: string;
};

/**
 * `rows` shops imported, all but the last `pool` taken as opportunities: every 5th waiting, every 11th
 * won, every 13th lost, the others to do; the first 12 positioned (needs the app's GEOCODER_URL) and
 * the first 5 of them saved as a round.
 */
export async function seedFieldOrganisation(
  baseUrl: string,
  { rows, pool }: { rows: number; pool: number },
): Promise<FieldOrganisation> {
  const user = await signUpThroughApi(baseUrl);
  const caller = await callerOf(baseUrl, user.token);
  const api = <T>(path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(baseUrl, path, { ...caller, ...body });
  const { excelId } = await api<{ excelId: string }>('/api/prospect/load', {
    name: FIELD_FILE,
    isPrivate: false,
    value: MAPPING,
    exel: fieldRows(rows),
  });
  const { value: prospects } = await api<{ value: { _id: string; prospect: string }[] }>(
    '/api/prospect/get/value',
    { excelId, offset: 0, limit: 1000 },
  );
  const { status } = await api<{ status: { _id: string }[] }>('/api/opportunity/status');
  const tomorrow = Date.now() + 24 * 3600 * 1000;

  const opportunities: FieldOrganisation['opportunities'] = [];
  for (const [index, prospect] of prospects.slice(0, prospects.length - pool).entries()) {
    const { opportunityId } = await api<{ opportunityId: string }>('/api/opportunity/create', {
      prospectId: prospect._id,
    });
    let state: FieldOrganisation['opportunities'][number]['state'] = 'TODO';
    if (index % 5 === 4) {
      await api('/api/opportunity/setWaiting', { opportunityId, date: tomorrow });
      state = 'WAITING';
    } else if (index % 11 === 10) {
      await api('/api/opportunity/setWin', { opportunityId });
      state = 'WIN';
    } else if (index % 13 === 12) {
      await api('/api/opportunity/setLoose', { opportunityId });
      state = 'LOOSE';
    }
    if (index % 3 === 0) {
      await api('/api/messages/post', {
        opportunityId,
        message: `Passé en boutique, le gérant rappelle la semaine prochaine (${index + 1})`,
        statusId: status[index % status.length]?._id,
      });
    }
    opportunities.push({ _id: opportunityId, name: prospect.prospect, state });
  }

  const positioned = prospects.slice(0, 12);
  const positions: { lat: number; lng: number }[] = [];
  for (const prospect of positioned) {
    const { latlng } = await api<{ latlng: string }>('/api/prospect/setLatLng', { prospectId: prospect._id });
    const [lat, lng] = latlng.split('/').map(Number);
    positions.push({ lat: lat as number, lng: lng as number });
  }
  const { round } = await api<{ round: { _id: string } }>('/api/round/create', {
    name: FIELD_ROUND,
    start: { label: 'Place Bellecour, Lyon', lat: 45.7578, lng: 4.832 },
    stops: opportunities.slice(0, 5).map((opportunity, index) => ({
      opportunityId: opportunity._id,
      name: opportunity.name,
      address: 'Lyon',
      lat: positions[index]?.lat,
      lng: positions[index]?.lng,
    })),
  });
  return { user, caller, excelId, opportunities, roundId: round._id };
}
