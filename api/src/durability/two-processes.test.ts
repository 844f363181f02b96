// Two real API processes on one DATA_DIR, as `npm start` runs them on a two-core machine, take 1,000
// writes of every kind at once, half through each: none is refused and none is left half-done
// (docs/decisions/write-transactions.md).
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_ROLES } from '@app/domain';
import { STORE_FILE } from '../db/sqlite-store';
import { MAPPING, rowOf } from '../test-support/prospects-test-kit';
import {
  type ApiProcess,
  freePort,
  postOnNewConnection as post,
  type Reply,
  stopApi,
  useBuiltApi,
} from '../test-support/api-process';

const OWNERS = 20;
/** Per owner: organisations created, roles created, files loaded, opportunities worked on. */
const CREATIONS = 10;
const ROLES = 10;
const LOADS = 5;
const OPPORTUNITIES = 5;
/** Per opportunity, one after another: state change, comment, state change, comment, state change. */
const CHAIN = 5;
const ROWS_PER_LOAD = 5;
const TOTAL_WRITES = OWNERS * (CREATIONS + ROLES + LOADS + OPPORTUNITIES * CHAIN);
const DAY = 24 * 60 * 60 * 1000;

type State = 'TODO' | 'WAITING' | 'WIN' | 'LOOSE';
const CHAIN_STATES: State[] = ['WAITING', 'WIN', 'LOOSE'];
const ROUTE: Record<State, string> = {
  TODO: '/api/opportunity/setTodo',
  WAITING: '/api/opportunity/setWaiting',
  WIN: '/api/opportunity/setWin',
  LOOSE: '/api/opportunity/setLoose',
};

type Owner = { token: string; organisationId: string; userId: string; opportunityIds: string[] };
type Row = Record<string, unknown>;

describe('two API processes on one DATA_DIR', () => {
  const built = useBuiltApi('api-two-processes-');
  let apis: ApiProcess[] = [];

  it(`answers ${TOTAL_WRITES} concurrent writes of every kind, half to each, refusing none and leaving none half-done`, async () => {
    // The first prepares the store, then the second starts, as the cluster starts its workers.
    const env = { RATE_LIMIT_MAX_PER_IP: '1000000', RATE_LIMIT_MAX_PER_EMAIL: '1000000' };
    apis.push(await built.start(await freePort(), env));
    apis.push(await built.start(await freePort(), env));
    const urls = apis.map((api) => api.url);
    let turn = 0;
    /** Round robin over the two processes, as a balancer (or the cluster's primary) spreads calls. */
    const call = (route: string, body: Record<string, unknown>): Promise<Reply> =>
      post(urls[turn++ % urls.length] as string, route, body);

    // Set-up: the owners, each with an organisation, a file of prospects and opportunities taken.
    const owners: Owner[] = await Promise.all(
      Array.from({ length: OWNERS }, async (_, i): Promise<Owner> => {
        const registered = await call('/api/register', {
          email: `proprietaire${i}@exemple.fr`,
          password: 'Motdepasse1',
          username: `Propriétaire ${i}`,
        });
        expect(registered.status).toBe(200);
        const token = registered.body.token as string;
        const created = await call('/api/organisation/create', {
          token,
          name: `Base ${i}`,
          phone: '0102030405',
        });
        expect(created.status).toBe(200);
        const organisation = created.body.organisation as { _id: string; ownerId: string };
        const as = { token, organisationId: organisation._id };
        const loaded = await call('/api/prospect/load', {
          ...as,
          name: `Fichier de départ ${i}`,
          isPrivate: false,
          value: MAPPING,
          exel: Array.from({ length: OPPORTUNITIES }, (_, row) => rowOf(row + 1)),
        });
        expect(loaded.status).toBe(200);
        const opportunityIds: string[] = [];
        for (let k = 0; k < OPPORTUNITIES; k += 1) {
          const taken = await call('/api/opportunity/takeNext', as);
          expect(taken.status).toBe(200);
          opportunityIds.push(taken.body.opportunityId as string);
        }
        return { ...as, userId: organisation.ownerId, opportunityIds };
      }),
    );
    const statuses = await call('/api/opportunity/status', owners[0] as Owner);
    const statusOf = async (owner: Owner) =>
      ((await call('/api/opportunity/status', owner)).body.status as { _id: string }[])[0]?._id as string;
    const statusIds = await Promise.all(owners.map(statusOf));
    expect(statuses.status).toBe(200);

    // The burst: every write at once, except the steps of one opportunity, which follow each other.
    const replies: { route: string; status: number; message?: unknown }[] = [];
    const send = async (route: string, body: Record<string, unknown>) => {
      const reply = await call(route, body);
      replies.push({ route, status: reply.status, message: reply.body.message });
      return reply;
    };
    const burst: Promise<unknown>[] = [];
    owners.forEach((owner, i) => {
      const as = { token: owner.token, organisationId: owner.organisationId };
      for (let k = 0; k < CREATIONS; k += 1)
        burst.push(
          send('/api/organisation/create', {
            token: owner.token,
            name: `Organisation ${i}-${k}`,
            phone: '0102030405',
          }),
        );
      for (let k = 0; k < ROLES; k += 1)
        burst.push(send('/api/user/createRole', { ...as, roleName: `Rôle ${i}-${k}`, binaryValue: '7' }));
      for (let k = 0; k < LOADS; k += 1)
        burst.push(
          send('/api/prospect/load', {
            ...as,
            name: `Fichier ${i}-${k}`,
            isPrivate: false,
            value: MAPPING,
            exel: Array.from({ length: ROWS_PER_LOAD }, (_, row): Row => rowOf(1000 * (k + 1) + row)),
          }),
        );
      for (const opportunityId of owner.opportunityIds)
        burst.push(
          (async () => {
            for (let step = 0; step < CHAIN; step += 1) {
              if (step % 2 === 1) {
                await send('/api/messages/post', {
                  ...as,
                  opportunityId,
                  message: `Commentaire ${step}`,
                  statusId: statusIds[i],
                });
              } else {
                const to = CHAIN_STATES[step / 2] as State;
                await send(ROUTE[to], {
                  ...as,
                  opportunityId,
                  ...(to === 'WAITING' ? { date: Date.now() + 7 * DAY } : {}),
                });
              }
            }
          })(),
        );
    });
    await Promise.all(burst);

    expect(replies).toHaveLength(TOTAL_WRITES);
    expect(replies.filter((reply) => reply.status !== 200)).toEqual([]);

    // Every organisation its owner created is listed once, through either process.
    for (const owner of owners) {
      const listed = await call('/api/organisation/get', { token: owner.token });
      const names = (listed.body.organisations as { name: string }[]).map((o) => o.name).sort();
      expect(names).toEqual(
        [
          ...Array.from({ length: CREATIONS }, (_, k) => `Organisation ${owners.indexOf(owner)}-${k}`),
          `Base ${owners.indexOf(owner)}`,
        ].sort(),
      );
    }

    await Promise.all(apis.map((api) => stopApi(api)));
    apis = [];

    // In the store: every organisation whole, nothing twice, nothing left marked.
    const db = new Database(path.join(built.dataDir, STORE_FILE), { readonly: true });
    try {
      const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
      const count = (sql: string, ...params: unknown[]) =>
        db
          .prepare(sql)
          .pluck()
          .get(...params) as number;
      const organisations = all<{ _id: string; ownerId: string; name: string }>(
        "SELECT _id, doc->>'ownerId' AS ownerId, doc->>'name' AS name FROM c_organisations",
      );
      expect(organisations).toHaveLength(OWNERS * (CREATIONS + 1));
      expect(new Set(organisations.map((o) => o.name)).size).toBe(organisations.length);
      const defaultNames: string[] = DEFAULT_ROLES.map((role) => role.name).sort();
      for (const organisation of organisations) {
        const id = organisation._id;
        const members = all<{ userId: string; roleId: string }>(
          "SELECT doc->>'userId' AS userId, doc->>'roleId' AS roleId FROM c_memberships WHERE doc->>'organisationId' = ?",
          id,
        );
        expect(members).toHaveLength(1);
        expect(members[0]?.userId).toBe(organisation.ownerId);
        const roles = all<{ _id: string; name: string }>(
          "SELECT _id, doc->>'name' AS name FROM c_roles WHERE doc->>'organisationId' = ?",
          id,
        );
        const isBase = organisation.name.startsWith('Base ');
        const created = isBase ? ROLES : 0;
        expect(roles).toHaveLength(DEFAULT_ROLES.length + created);
        expect(new Set(roles.map((role) => role.name)).size).toBe(roles.length);
        expect(
          roles
            .filter((role) => defaultNames.includes(role.name))
            .map((role) => role.name)
            .sort(),
        ).toEqual(defaultNames);
        expect(roles.find((role) => role._id === members[0]?.roleId)?.name).toBe('Administrateur');
        expect(count("SELECT count(*) FROM c_licenceTrials WHERE doc->>'organisationId' = ?", id)).toBe(1);
        const licences = all<{ userId: string | null }>(
          "SELECT doc->>'userId' AS userId FROM c_licences WHERE doc->>'organisationId' = ?",
          id,
        );
        expect(licences.length).toBeGreaterThan(0);
        expect(licences.filter((licence) => licence.userId === organisation.ownerId)).toHaveLength(1);
      }

      for (const owner of owners) {
        const files = all<{ _id: string; status: string; count: number }>(
          "SELECT _id, doc->>'status' AS status, doc->>'count' AS count FROM c_prospectFiles WHERE doc->>'organisationId' = ?",
          owner.organisationId,
        );
        expect(files).toHaveLength(LOADS + 1);
        for (const file of files) {
          expect(file.status).toBe('ready');
          expect(count("SELECT count(*) FROM c_prospects WHERE doc->>'excelId' = ?", file._id)).toBe(
            file.count,
          );
        }
        for (const opportunityId of owner.opportunityIds) {
          const opportunity = db
            .prepare(
              "SELECT doc->>'state' AS state, doc->>'messageCount' AS messageCount, doc->>'syncToken' AS syncToken FROM c_opportunities WHERE _id = ?",
            )
            .get(opportunityId) as { state: State; messageCount: number; syncToken: string | null };
          expect(opportunity).toEqual({ state: 'LOOSE', messageCount: 2, syncToken: null });
        }
      }
      expect(count("SELECT count(*) FROM c_messages WHERE doc->>'pending' IS NOT NULL")).toBe(0);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 120_000);
});
