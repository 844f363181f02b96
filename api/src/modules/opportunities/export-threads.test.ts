// Large exports are built by worker threads, each with its own read-only connection to the embedded
// store (export-pool.ts, export-worker.ts). Through the built API: the file is the same with
// EXPORT_WORKERS=2 as built on the main thread (EXPORT_WORKERS=0) — whole list, filtered list,
// a window of it — and the Server-Timing header says which built it.
import { openStore } from '../../db/open-store';
import { type ApiProcess, freePort, signUpOwner, stopApi, useBuiltApi } from '../../test-support/api-process';
import { niceOfThread, threadNices } from '../../test-support/thread-nices';
import { BACKGROUND_NICE } from '../../thread-priority';
import { PARALLEL_FROM } from './export-share';

const COUNT = PARALLEL_FROM + 1500;
const DAY = 86_400_000;
const PLACES = [
  ['29000', 'Quimper', '29', 'Bretagne'],
  ['75001', 'Paris', '75', 'Île-de-France'],
  ['01000', 'Bourg-en-Bresse', '01', 'Auvergne-Rhône-Alpes'],
] as const;
const hex = (n: number) => n.toString(16).padStart(23, '0');

/** Prospects and opportunities with awkward text, written straight into the store (API stopped). */
async function seed(dataDir: string, organisationId: string, email: string): Promise<void> {
  const store = await openStore({ dataDir, mongodbUri: undefined });
  try {
    const user = await store.collection<{ _id: string; email: string }>('users').findOne({ email });
    const userId = user?._id ?? '';
    const now = Date.now();
    for (let from = 0; from < COUNT; from += 2000) {
      const prospects = [];
      const opportunities = [];
      for (let i = from; i < Math.min(COUNT, from + 2000); i += 1) {
        const [codePostale, ville, departement, region] = PLACES[
          i % PLACES.length
        ] as (typeof PLACES)[number];
        const state = (['TODO', 'WAITING', 'WIN', 'LOOSE', 'TODO'] as const)[i % 5];
        prospects.push({
          _id: `a${hex(i)}`,
          organisationId,
          excelId: '',
          userId,
          isPrivate: false,
          rowIndex: i,
          prospect: i % 7 === 0 ? `=HYPERLINK("x");"Crêperie" ${i}` : `Crêperie d’Yvonne ${i}`,
          enseigne: `Enseigne ${i}\nligne 2`,
          codePostale,
          ville,
          adresseComplete: `${i} rue de l’Église`,
          site: 'Aucun',
          telephone: '+33102030405',
          eMail: `contact${i}@exemple.fr`,
          siret: 'Aucun',
          libelleactivite: i % 3 ? 'Restauration' : 'Commerce',
          trancheSalarier: i % 2 ? '1-9' : '10-19',
          typeEtablissement: 'Aucun',
          departement,
          region,
          value: JSON.stringify({ Note: i % 4 ? 'Client « fidèle »' : '@rappel', contact: [] }),
          searchText: `creperie ${i}`,
          dedupKey: `name:export${i}`,
          siretFlagged: false,
          isAccepted: true,
          state,
          opportunityId: `c${hex(i)}`,
        });
        opportunities.push({
          _id: `c${hex(i)}`,
          organisationId,
          prospectId: `a${hex(i)}`,
          excelId: '',
          userId,
          state,
          creationDate: now - i * 60_000,
          stateChangedAt: now - (i % 30) * DAY,
          ...(state === 'WAITING' ? { waitingDate: now + (i % 40) * DAY + 3_600_000 } : {}),
          isPrivate: false,
          fileOwnerId: userId,
          informationContractuelle: JSON.stringify({ Fournisseur: `Énergie; "Ouest" ${i % 9}` }),
          history: [{ at: now, by: userId, from: null, to: state }],
        });
      }
      await store.collection('prospects').insertMany(prospects);
      await store.collection('opportunities').insertMany(opportunities);
    }
  } finally {
    await store.close();
  }
}

describe('exports built by worker threads', () => {
  const built = useBuiltApi('api-export-threads-');
  let api: ApiProcess | undefined;

  it('gives the same file as the main thread, whole, filtered and windowed', async () => {
    const port = await freePort();
    api = await built.start(port);
    const email = 'export.fils@exemple.fr';
    const as = await signUpOwner(api.url, email);
    await stopApi(api);
    api = undefined;
    await seed(built.dataDir, as.organisationId, email);

    const bodies = [
      { filter: { state: 'all' } },
      { filter: { state: 'all', departement: ['29', '01'], search: 'CREPERIE' } },
      { filter: { state: 'all', region: ['Île-de-France'] }, startId: 250, endId: 1400 },
    ];
    const exportsWith = async (threads: string) => {
      api = await built.start(port, { EXPORT_WORKERS: threads });
      const files: { csv: string; timing: string }[] = [];
      for (const body of bodies) {
        const res = await fetch(`${api.url}/api/opportunity/export/filter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...as, ...body }),
        });
        expect(res.status).toBe(200);
        const { csvString } = (await res.json()) as { csvString: string };
        files.push({ csv: csvString, timing: res.headers.get('server-timing') ?? '' });
      }
      const pid = api.child.pid as number;
      const nices = threadNices(pid).map(({ nice }) => nice);
      const mainNice = niceOfThread(pid, pid);
      await stopApi(api);
      api = undefined;
      return { files, nices, mainNice };
    };
    const { files: threaded, nices, mainNice } = await exportsWith('2');
    const { files: single } = await exportsWith('0');

    // The two export threads, and they alone, give way to the calls (thread-priority.ts); the main
    // thread keeps the test's priority. Linux only: elsewhere threads have no priority of their own.
    if (process.platform === 'linux') {
      expect(mainNice).toBe(niceOfThread(process.pid, process.pid));
      // Under a test run started at the background value or lower, nothing is left to lower.
      if (mainNice < BACKGROUND_NICE)
        expect(nices.filter((nice) => nice === BACKGROUND_NICE)).toHaveLength(2);
    }

    for (const [index, file] of threaded.entries()) {
      expect(file.timing).toContain('threads=2');
      expect(single[index]?.timing).toContain('threads=0');
      expect(file.csv).toBe(single[index]?.csv);
    }
    const lineCount = (csv: string) => csv.split('\r\n').length - 2;
    // The header, then one line per opportunity (a cell's line break is inside quotes, not CRLF).
    expect(lineCount(threaded[0]?.csv ?? '')).toBe(COUNT);
    // Quimper (29) and Bourg-en-Bresse (01): every place but the second of three.
    const inBretagneOrAin = Array.from({ length: COUNT }, (_, i) => i).filter((i) => i % 3 !== 1).length;
    expect(lineCount(threaded[1]?.csv ?? '')).toBe(inBretagneOrAin);
    expect(lineCount(threaded[2]?.csv ?? '')).toBe(1150);
    expect(threaded[0]?.csv).toContain(`"'=HYPERLINK(""x"");""Crêperie"" 0"`);
  }, 120_000);
});
