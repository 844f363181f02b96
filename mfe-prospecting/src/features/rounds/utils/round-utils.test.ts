import { MAX_WAYPOINTS_PER_LINK, directionsLinks } from './directions';
import { formatKm } from './geo';
import { roundCsv } from './round-csv';
import { computeProblem, legsOf, moved } from './round-legs';

const START = { label: 'Siège', lat: 48.86, lng: 2.34 };
const stopOf = (i: number, name = `Société ${i}`) => ({
  opportunityId: String(i).padStart(24, '0'),
  name,
  address: `${i} rue de Paris`,
  lat: 48.8 + i / 100,
  lng: 2.3 + i / 100,
});

describe('directions links', () => {
  it('puts a short round in one link, every part encoded', () => {
    const [link, ...rest] = directionsLinks(START, [stopOf(1), stopOf(2), stopOf(3)]);
    expect(rest).toEqual([]);
    expect(link?.href).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=48.86%2C2.34&destination=48.83%2C2.33' +
        '&waypoints=48.81%2C2.31%7C48.82%2C2.32&travelmode=driving',
    );
  });

  it(`splits a long round into links of ${MAX_WAYPOINTS_PER_LINK} waypoints, each starting where the previous stopped`, () => {
    const stops = Array.from({ length: 25 }, (_, i) => stopOf(i + 1));
    const links = directionsLinks(START, stops);
    expect(links.map((link) => [link.firstStop, link.lastStop])).toEqual([
      [1, 10],
      [11, 20],
      [21, 25],
    ]);
    expect(links[1]?.href).toContain(`origin=${encodeURIComponent('48.9,2.4')}`);
    for (const link of links) {
      const waypoints = new URL(link.href).searchParams.get('waypoints')?.split('|') ?? [];
      expect(waypoints.length).toBeLessThanOrEqual(MAX_WAYPOINTS_PER_LINK);
    }
  });
});

describe('legs, reorder and CSV', () => {
  it('numbers the stops and adds up the distances', () => {
    const legs = legsOf(START, [stopOf(1), stopOf(2)]);
    expect(legs.map((leg) => leg.number)).toEqual([1, 2]);
    expect(legs[1]?.cumulativeKm).toBeCloseTo((legs[0]?.km ?? 0) + (legs[1]?.km ?? 0), 9);
  });

  it('moves a stop up or down, and ignores a move out of the list', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('exports ";" separated quoted cells, with a formula-looking name neutralised', () => {
    const csv = roundCsv(START.label, START, legsOf(START, [stopOf(1, '=HYPERLINK("x")')]));
    const lines = csv.split('\r\n');
    expect(lines[0]).toContain('"Ordre";"Raison sociale";"Adresse"');
    expect(lines[1]).toBe('"Départ";"Siège";"Siège";"48.86";"2.34";"";""');
    expect(lines[2]).toContain(`"1";"'=HYPERLINK(""x"")";"1 rue de Paris"`);
  });
});

describe('computeProblem', () => {
  it('names what is missing before a round can be computed, in order', () => {
    expect(computeProblem(201, 201, true)).toBe('Une tournée ne peut pas contenir plus de 200 étapes');
    expect(computeProblem(0, 0, true)).toBe('Veuillez choisir au moins une étape');
    expect(computeProblem(4, 0, true)).toBe(
      'Aucune des étapes choisies n’est localisée : localisez-les d’abord, ou choisissez-en d’autres',
    );
    expect(computeProblem(4, 2, false)).toBe('Veuillez choisir un point de départ');
    expect(computeProblem(4, 2, true)).toBeNull();
  });
});

describe('formatKm', () => {
  it('shows one decimal under 100 km and none from 100 km, in French', () => {
    expect(formatKm(12.345)).toBe('12,3 km');
    expect(formatKm(0)).toBe('0,0 km');
    expect(formatKm(99.94)).toBe('99,9 km');
    expect(formatKm(123.6)).toBe('124 km');
    expect(formatKm(1234.4)).toBe(`${(1234).toLocaleString('fr-FR')} km`);
  });
});
