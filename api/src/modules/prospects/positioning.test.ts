// The background positioning over the store alone: prospects imported before positions existed are
// positioned at the next start (backfill), and a positioning a stopped process left is taken over.
import pino from 'pino';
import { openMemorySqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { offlinePositions } from './offline-positions';
import {
  PageSize,
  ProspectPositioning,
  POSITIONING_SCAN,
  POSITIONING_STALE_MS,
  POSITIONING_WINDOW,
} from './positioning';
import { PositioningRepository, type PositioningDoc } from './positioning-repository';
import type { ProspectDoc, ProspectFileDoc } from './repository';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);
const ORG = 'org1';

function prospect(excelId: string, rowIndex: number, extra: Partial<ProspectDoc> = {}): Partial<ProspectDoc> {
  return {
    _id: `${excelId}-${rowIndex}`,
    organisationId: ORG,
    excelId,
    rowIndex,
    codePostale: '10000',
    ville: 'Troyes',
    adresseComplete: 'Aucun',
    ...extra,
  };
}

async function seedFile(store: Store, excelId: string, rows: Partial<ProspectDoc>[]) {
  await store
    .collection<Pick<ProspectFileDoc, '_id' | 'organisationId' | 'status' | 'manual'>>('prospectFiles')
    .insertOne({ _id: excelId, organisationId: ORG, status: 'ready', manual: false });
  await store.collection<Partial<ProspectDoc> & { _id: string }>('prospects').insertMany(rows as never[]);
}

function positioningOf(store: Store, now = () => NOW) {
  return new ProspectPositioning({
    repository: new PositioningRepository(store),
    positions: offlinePositions,
    geocoder: null,
    prospectsChanged: async () => undefined,
    logger: pino({ level: 'silent' }),
    now,
  });
}

const stored = (store: Store) => store.collection<ProspectDoc>('prospects').find({}, { sort: { _id: 1 } });

describe('background positioning', () => {
  let store: Store;
  beforeEach(() => {
    store = openMemorySqliteStore();
  });
  afterEach(() => store.close());

  it('positions at start the files and file-less prospects stored before positions existed', async () => {
    await seedFile(store, 'old', [
      prospect('old', 0),
      // Geocoded at its address before precisions were recorded: kept, marked 'address'.
      prospect('old', 1, { latlng: '48.1/4.1' }),
    ]);
    await store
      .collection<Partial<ProspectDoc> & { _id: string }>('prospects')
      .insertOne(
        prospect('', 0, { _id: 'manual', excelId: '', codePostale: '20000', ville: 'Ajaccio' }) as never,
      );
    const positioning = positioningOf(store);
    expect(await positioning.sweep(true)).toEqual({ begun: 1, resumed: 0 });
    await positioning.idle();
    const rows = await stored(store);
    expect(rows.map((row) => [row._id, row.latlngPrecision])).toEqual([
      ['manual', 'commune'],
      ['old-0', 'commune'],
      ['old-1', 'address'],
    ]);
    expect(rows[2]?.latlng).toBe('48.1/4.1');
    // Once done, a later sweep finds nothing to begin.
    expect(await positioningOf(store).sweep(true)).toEqual({ begun: 0, resumed: 0 });
  });

  it('takes over, from its cursor, a positioning whose process stopped beating', async () => {
    await seedFile(store, 'f', [prospect('f', 0), prospect('f', 1), prospect('f', 2)]);
    const doc: PositioningDoc = {
      _id: 'f',
      organisationId: ORG,
      status: 'running',
      phase: 'offline',
      cursor: 0,
      heartbeatAt: NOW - POSITIONING_STALE_MS - 1,
      startedAt: NOW - POSITIONING_STALE_MS - 1,
      positioned: 1,
      refined: 0,
    };
    await store.collection<PositioningDoc>('prospectPositionings').insertOne(doc);
    // Still beating: left to its process.
    expect(await positioningOf(store, () => NOW - 1000).sweep(false)).toEqual({ begun: 0, resumed: 0 });
    const positioning = positioningOf(store);
    expect(await positioning.sweep(false)).toEqual({ begun: 0, resumed: 1 });
    await positioning.idle();
    const rows = await stored(store);
    expect(rows.map((row) => row.latlngPrecision)).toEqual([undefined, 'commune', 'commune']);
    const after = await store.collection<PositioningDoc>('prospectPositionings').findOne({ _id: 'f' });
    expect(after).toMatchObject({ status: 'done', positioned: 3 });
  });

  it('positions every row of a long file: full pages, positioned stretches and gaps past a scan', async () => {
    const indexes = [
      ...Array.from({ length: POSITIONING_WINDOW + 30 }, (_, index) => index),
      // Already positioned at import: looked through, not written.
      ...Array.from({ length: 40 }, (_, index) => 1000 + index),
      // After a gap of more than one scan (skipped duplicates).
      ...Array.from({ length: 5 }, (_, index) => 2 * POSITIONING_SCAN + index),
    ];
    await seedFile(
      store,
      'long',
      indexes.map((rowIndex) =>
        prospect(
          'long',
          rowIndex,
          rowIndex >= 1000 && rowIndex < 2000 ? { latlng: '1/2', latlngPrecision: 'department' } : {},
        ),
      ),
    );
    const positioning = positioningOf(store);
    await positioning.begin({ excelId: 'long', organisationId: ORG });
    await positioning.idle();
    const rows = await stored(store);
    expect(rows).toHaveLength(indexes.length);
    expect(rows.filter((row) => row.latlngPrecision === 'commune')).toHaveLength(POSITIONING_WINDOW + 35);
    expect(rows.filter((row) => row.latlngPrecision === 'department')).toHaveLength(40);
    const after = await store.collection<PositioningDoc>('prospectPositionings').findOne({ _id: 'long' });
    expect(after).toMatchObject({ status: 'done', positioned: POSITIONING_WINDOW + 35 });
  });
});

describe('page size of the background writes', () => {
  it('halves after a slow page, grows back after quick ones, within its bounds', () => {
    const size = new PageSize(250);
    expect(size.rows).toBe(250);
    size.record(40);
    expect(size.rows).toBe(125);
    for (let page = 0; page < 10; page += 1) size.record(1000);
    expect(size.rows).toBe(10);
    size.record(1);
    expect(size.rows).toBe(20);
    for (let page = 0; page < 10; page += 1) size.record(1);
    expect(size.rows).toBe(250);
    // Between a third of the target and the target: unchanged.
    size.record(10);
    expect(size.rows).toBe(250);
  });
});
