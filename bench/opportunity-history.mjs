// What the opportunity detail (/api/opportunity/get, history shown) costs the built API (api/dist,
// embedded SQLite) once its history is read from the audit log, when the organisation's log is large:
// the same detail measured with an almost empty log, then after N records of the organisation (history
// lines of N/10 other opportunities, and other records) written straight into the store. Median of
// `--repeat` calls; POST /api/user/getRoles as the yardstick of each phase (the machine is shared: the
// ratios count, not the milliseconds). Prints the figures; writes bench/results/opportunity-history.json.
// Usage: node bench/opportunity-history.mjs [--records 200000] [--repeat 31]
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiEnv,
  cleanUp,
  freePort,
  numberOption,
  openApiStore,
  ownerWithOrganisation,
  postRetrying as post,
  repo,
  startApi,
  stop,
  tempDir,
  timedMedian as timedRuns,
  waitForHealth,
} from './support.mjs';

const RECORDS = numberOption('records', 200_000);
const REPEAT = numberOption('repeat', 31);
const timedMedian = (work) => timedRuns(work, REPEAT);
const resultsFile = path.join(repo, 'bench', 'results', 'opportunity-history.json');

async function main() {
  const dataDir = tempDir('bench-history-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startApi(apiEnv(port, dataDir, { WEB_CONCURRENCY: '1' }));
  await waitForHealth(`${base}/healthz`, api);
  const owner = await ownerWithOrganisation(base, {
    email: 'history.bench@exemple.fr',
    username: 'Banc Historique',
    organisation: 'Historique des opportunités',
  });
  const caller = { token: owner.token, organisationId: owner.organisationId };
  const made = await post(base, '/api/opportunity/addone', {
    ...caller,
    data: {
      title: 'Boulangerie Martin',
      adresse: '1 rue de Rivoli',
      codePostale: '75001',
      ville: 'Paris',
      telephone: '0140000000',
      dateStatus: Date.now(),
      state2: 'TODO',
      contacts: [],
    },
  });
  const { opportunityId } = made;
  for (const route of ['setWin', 'setLoose', 'setTodo', 'setWin'])
    await post(base, `/api/opportunity/${route}`, { ...caller, opportunityId });

  const detail = () => post(base, '/api/opportunity/get', { ...caller, opportunityId });
  const light = () => post(base, '/api/user/getRoles', caller);
  const lines = (await detail()).opportunity.history.length;
  for (let i = 0; i < 3; i += 1) await detail();
  const before = { lightCallMs: await timedMedian(light), detailMs: await timedMedian(detail) };

  const store = await openApiStore(dataDir);
  const log = store.collection('auditLog');
  const top = Date.now();
  const seedStart = performance.now();
  const CHUNK = 5000;
  for (let start = 0; start < RECORDS; start += CHUNK) {
    const docs = [];
    for (let i = start; i < Math.min(RECORDS, start + CHUNK); i += 1) {
      const record = {
        _id: `e${i.toString(16).padStart(23, '0')}`,
        organisationId: owner.organisationId,
        at: top - i * 1000,
        actorUserId: null,
        kind: 'stateChanged',
        subject: { type: 'opportunity', id: `c${(i % (RECORDS / 10)).toString(16)}`, label: `Société ${i}` },
        before: 'A faire',
        after: 'Gagné',
      };
      // Nine in ten are history lines of other opportunities (ten each); the rest other records.
      docs.push(
        i % 10 === 9
          ? { ...record, kind: 'exported' }
          : {
              ...record,
              opportunityId: `c${(i % (RECORDS / 10)).toString(16).padStart(23, '0')}`,
              line: { from: 'TODO', to: 'WIN', kind: 'state' },
            },
      );
    }
    await log.insertMany(docs);
  }
  const seededS = Math.round((performance.now() - seedStart) / 100) / 10;
  await store.close();

  // Written behind the server's back by a connection that gathered the planner's statistics when the
  // log held 5 records. Measured as is (statistics 40,000 times too small: SQLite scans), then after a
  // restart, which gathers them again (the store's `optimize` on open).
  for (let i = 0; i < 3; i += 1) await detail();
  const staleStatistics = {
    lightCallMs: await timedMedian(light),
    detailMs: await timedMedian(detail),
    listFirstPageMs: await timedMedian(() => post(base, '/api/audit/list', { ...caller, limit: 50 })),
  };
  await stop(api);
  const restarted = startApi(apiEnv(port, dataDir, { WEB_CONCURRENCY: '1' }));
  await waitForHealth(`${base}/healthz`, restarted);

  for (let i = 0; i < 3; i += 1) await detail();
  const after = { lightCallMs: await timedMedian(light), detailMs: await timedMedian(detail) };
  const listFirstPageMs = await timedMedian(() => post(base, '/api/audit/list', { ...caller, limit: 50 }));
  const linesAfter = (await detail()).opportunity.history.length;
  await stop(restarted);

  const round = (value) => Math.round(value * 100) / 100;
  const ratios = {
    detailAfterOverBefore: round(after.detailMs / before.detailMs),
    lightAfterOverBefore: round(after.lightCallMs / before.lightCallMs),
    detailOverLightBefore: round(before.detailMs / before.lightCallMs),
    detailOverLightAfter: round(after.detailMs / after.lightCallMs),
  };
  const result = {
    date: new Date().toISOString(),
    records: RECORDS,
    historyLines: { before: lines, after: linesAfter },
    repeat: REPEAT,
    seededS,
    before,
    after: { ...after, listFirstPageMs },
    staleStatistics,
    ratios,
    load: { loadavg: os.loadavg().map((value) => Math.round(value * 100) / 100), cpus: os.cpus().length },
    note: 'Machine partagée (2 cœurs, autres sessions actives, charge ci-dessus) : seuls les rapports comptent. « after » : serveur redémarré après l’écriture des enregistrements ; « staleStatistics » : avant ce redémarrage.',
  };
  console.log(
    `détail de l'opportunité (${lines} lignes d'historique), ${RECORDS} enregistrements écrits en ${seededS} s`,
  );
  console.log(`  avant : détail ${before.detailMs} ms, appel léger ${before.lightCallMs} ms`);
  console.log(
    `  après, statistiques périmées : détail ${staleStatistics.detailMs} ms, liste ${staleStatistics.listFirstPageMs} ms, appel léger ${staleStatistics.lightCallMs} ms`,
  );
  console.log(
    `  après redémarrage : détail ${after.detailMs} ms, liste ${listFirstPageMs} ms, appel léger ${after.lightCallMs} ms`,
  );
  for (const [name, value] of Object.entries(ratios)) console.log(`  ${name} : ${value} ×`);
  console.log(
    `charge de la machine : ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  );
  writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
