// The real API process killed (SIGKILL) in the middle of a large batched import, then restarted on
// the same DATA_DIR: nothing of the import is visible, and its rows are gone from the store.
// Runs api/dist (rebuilt here when older than the sources, as e2e/support/servers.ts starts it).
import path from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../db/open-store';
import { STORE_FILE } from '../../db/sqlite-store';
import { type ApiProcess, freePort, post, stopApi, useBuiltApi } from '../../test-support/api-process';
import { rowOf, MAPPING, COLUMNS } from '../../test-support/prospects-test-kit';

const call = (url: string, route: string, body: Record<string, unknown>) =>
  post(url, route, body) as Promise<{
    status: number;
    body: Record<string, unknown> & { value?: unknown[] };
  }>;

describe('an import interrupted by a crash', () => {
  // One process on this store: what the dead one left unfinished goes at the next start.
  const built = useBuiltApi('api-crash-', { IMPORT_START_GRACE_MS: '0' });
  let api: ApiProcess | undefined;

  it('leaves nothing visible after a restart, and its rows are removed', async () => {
    const port = await freePort();
    api = await built.start(port);
    const { url } = api;
    const registered = await call(url, '/api/register', {
      email: 'crash@exemple.fr',
      password: 'Motdepasse1',
      username: 'Dupont Marie',
    });
    const token = registered.body.token as string;
    const organisation = await call(url, '/api/organisation/create', {
      token,
      name: 'Société Crash',
      phone: '0102030405',
    });
    const organisationId = (organisation.body.organisation as { _id: string })._id;
    const as = { token, organisationId };

    const ready = await call(url, '/api/prospect/load', {
      ...as,
      name: 'Fichier terminé',
      isPrivate: false,
      value: MAPPING,
      exel: [rowOf(1), rowOf(2)],
    });
    expect(ready.status).toBe(200);

    const started = await call(url, '/api/prospect/import/start', {
      ...as,
      name: 'Import interrompu',
      isPrivate: false,
      value: MAPPING,
      columns: COLUMNS,
      totalRows: 100_000,
    });
    const importId = started.body.importId as string;
    for (let offset = 0; offset < 10_000; offset += 2000) {
      const rows = Array.from({ length: 2000 }, (_, i) => rowOf(1000 + offset + i));
      const sent = await call(url, '/api/prospect/import/rows', { ...as, importId, offset, rows });
      expect(sent.body).toEqual({ received: offset + 2000 });
    }
    // One more batch in flight, and the process dies under it.
    const inFlight = call(url, '/api/prospect/import/rows', {
      ...as,
      importId,
      offset: 10_000,
      rows: Array.from({ length: 2000 }, (_, i) => rowOf(20_000 + i)),
    }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 15));
    await stopApi(api, 'SIGKILL');
    await inFlight;

    api = await built.start(port);
    const files = await call(url, '/api/prospect/get/all', as);
    expect(files.status).toBe(200);
    expect((files.body.value as { name: string }[]).map((file) => file.name)).toEqual(['Fichier terminé']);
    const page = await call(url, '/api/prospect/get/value', { ...as, excelId: importId });
    expect(page).toEqual({ status: 404, body: { message: 'Fichier introuvable', code: 'NOT_FOUND' } });
    const more = await call(url, '/api/prospect/import/rows', {
      ...as,
      importId,
      offset: 10_000,
      rows: [rowOf(3)],
    });
    expect(more.status).toBe(404);

    await stopApi(api);
    api = undefined;
    const store = await openStore({ dataDir: built.dataDir, mongodbUri: undefined });
    const prospects = store.collection<{ _id: string; excelId: string }>('prospects');
    expect(await prospects.countDocuments({ excelId: importId })).toBe(0);
    expect(await prospects.countDocuments({})).toBe(2);
    expect(await store.collection('prospectFiles').findOne({ _id: importId })).toBeNull();
    await store.close();
    const db = new Database(path.join(built.dataDir, STORE_FILE), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }, 30_000);
});
