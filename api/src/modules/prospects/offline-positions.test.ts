import { readFileSync } from 'node:fs';
import {
  loadOfflinePositionsTable,
  OfflinePositions,
  offlinePositions,
  readOfflinePositionsTable,
} from './offline-positions';

type Commune = {
  nom: string;
  type: string;
  zone: string;
  departement: string;
  codesPostaux?: string[];
  population?: number;
};

const positions = offlinePositions();
const locate = (codePostale: string, ville: string) => positions.locate({ codePostale, ville });
const latlngOf = (position: { latlng: string } | null) => {
  const [lat, lng] = (position?.latlng ?? '').split('/').map(Number);
  return { lat: lat ?? NaN, lng: lng ?? NaN };
};

describe('offline positions of a postal code and town', () => {
  it('finds Bourg-en-Bresse at 01000, also when a spreadsheet dropped the leading 0', () => {
    const position = locate('01000', 'Bourg-en-Bresse');
    expect(position?.latlngPrecision).toBe('commune');
    expect(latlngOf(position).lat).toBeCloseTo(46.2, 1);
    expect(latlngOf(position).lng).toBeCloseTo(5.22, 1);
    expect(locate('1000', 'BOURG EN BRESSE')).toEqual(position);
  });

  it('finds Ajaccio (20000, Corse-du-Sud) and Bastia (20200, Haute-Corse)', () => {
    expect(latlngOf(locate('20000', 'AJACCIO')).lat).toBeCloseTo(41.92, 1);
    expect(latlngOf(locate('20200', 'Bastia')).lat).toBeCloseTo(42.7, 1);
    expect(locate('20200', 'Bastia')?.latlngPrecision).toBe('commune');
  });

  it('places each Paris arrondissement at its own centre, 75116 with the 16th', () => {
    const seen = new Set<string>();
    for (let arrondissement = 1; arrondissement <= 20; arrondissement += 1) {
      const code = `750${String(arrondissement).padStart(2, '0')}`;
      const position = locate(code, 'PARIS');
      expect(position?.latlngPrecision).toBe('commune');
      seen.add(position?.latlng ?? '');
      expect(latlngOf(position).lat).toBeCloseTo(48.86, 1);
    }
    expect(seen.size).toBe(20);
    expect(locate('75116', 'Paris')).toEqual(locate('75016', 'PARIS 16E'));
  });

  it('finds the overseas departments’ communes (97x)', () => {
    expect(latlngOf(locate('97200', 'Fort-de-France')).lat).toBeCloseTo(14.6, 1);
    expect(latlngOf(locate('97400', 'SAINT DENIS')).lat).toBeCloseTo(-20.9, 1);
    expect(latlngOf(locate('97300', 'Cayenne')).lng).toBeCloseTo(-52.3, 1);
    expect(locate('97600', 'Mamoudzou')?.latlngPrecision).toBe('commune');
  });

  it('reaches the town of a CEDEX code by its name in the department', () => {
    const lyon = locate('69421', 'LYON CEDEX 03');
    expect(lyon?.latlngPrecision).toBe('commune');
    expect(latlngOf(lyon).lat).toBeCloseTo(45.75, 1);
  });

  it('puts an unknown town of a CEDEX code at its department’s centre', () => {
    const position = locate('92081', 'PARIS LA DEFENSE CEDEX');
    expect(position?.latlngPrecision).toBe('department');
    expect(position).toEqual(locate('92999', ''));
  });

  it('takes the one commune of a postal code when the town is missing or misspelt', () => {
    // 10000 is Troyes' only; 01000 is shared by Bourg-en-Bresse and Saint-Denis-lès-Bourg.
    expect(locate('10000', '')).toEqual(locate('10000', 'Troyes'));
    expect(locate('10000', 'Troie')).toEqual(locate('10000', 'Troyes'));
    expect(locate('10000', 'Troyes')?.latlngPrecision).toBe('commune');
    expect(locate('01000', '')?.latlngPrecision).toBe('department');
  });

  it('takes the department’s centre for a postal code of several communes without a town', () => {
    // 01400 covers L'Abergement-Clémenciat, Châtillon-sur-Chalaronne and others.
    expect(locate('01400', 'Aucun')?.latlngPrecision).toBe('department');
    expect(locate('01400', "L'Abergement-Clémenciat")?.latlngPrecision).toBe('department');
    expect(locate('01400', 'Châtillon-sur-Chalaronne')?.latlngPrecision).toBe('commune');
  });

  it('finds a town named only once in France without a postal code', () => {
    expect(locate('Aucun', 'Bourg-en-Bresse')).toEqual(locate('01000', 'Bourg-en-Bresse'));
    expect(locate('Aucun', 'Saint-Denis')).toBeNull();
  });

  it('has no position for an unknown place', () => {
    expect(locate('99999', 'Nulle Part')).toBeNull();
    expect(locate('Aucun', 'Aucun')).toBeNull();
    expect(locate('ABCDE', '')).toBeNull();
  });
});

describe('coverage of the real list of communes', () => {
  it('positions at least a quarter of the communes and four fifths of the population at the commune', () => {
    const communes = (
      JSON.parse(
        readFileSync(require.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
      ) as Commune[]
    ).filter(
      (commune) =>
        commune.type === 'commune-actuelle' && (commune.zone === 'metro' || commune.zone === 'drom'),
    );
    let atCommune = 0;
    let population = 0;
    let populationAtCommune = 0;
    let unplaced = 0;
    for (const commune of communes) {
      const position = locate(commune.codesPostaux?.[0] ?? '', commune.nom);
      population += commune.population ?? 0;
      if (position === null) unplaced += 1;
      if (position?.latlngPrecision !== 'commune') continue;
      atCommune += 1;
      populationAtCommune += commune.population ?? 0;
    }
    const table = readOfflinePositionsTable();
    const figures = {
      communes: communes.length,
      communeShare: Number((atCommune / communes.length).toFixed(3)),
      populationShare: Number((populationAtCommune / population).toFixed(3)),
      unplaced,
      source: table.source,
    };
    console.info(`Offline positions coverage: ${JSON.stringify(figures)}`);
    expect(unplaced).toBe(0);
    expect(figures.communeShare).toBeGreaterThanOrEqual(0.24);
    expect(figures.populationShare).toBeGreaterThanOrEqual(0.82);
  });
});

describe('the table built in slices (the warm-up after start)', () => {
  it('locates every commune as the table built at once, the event loop turning while it is built', async () => {
    const table = await loadOfflinePositionsTable();
    let turns = 0;
    const count = setInterval(() => (turns += 1), 0);
    const sliced = await OfflinePositions.sliced(table);
    clearInterval(count);
    // About twenty slices: timers ran between them.
    expect(turns).toBeGreaterThan(5);
    // Read as offlinePositions() reads it when used before the warm-up ends.
    const whole = new OfflinePositions(readOfflinePositionsTable());
    const communes = JSON.parse(
      readFileSync(require.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
    ) as Commune[];
    const differ: string[] = [];
    let located = 0;
    for (const commune of communes)
      for (const codePostale of [...(commune.codesPostaux ?? []), '99999', '']) {
        const fields = { codePostale, ville: commune.nom };
        const position = whole.locate(fields);
        if (position) located += 1;
        if (JSON.stringify(sliced.locate(fields)) !== JSON.stringify(position))
          differ.push(`${codePostale} ${commune.nom}`);
      }
    expect(located).toBeGreaterThan(30_000);
    expect(differ).toEqual([]);
  });
});
