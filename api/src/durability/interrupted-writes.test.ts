// A call that writes several documents and is stopped half-way (the process killed between two of
// its writes) is finished by the next start: a state change's prospect copy and list record, a
// comment's line in its opportunity. The kill is played by a store that fails every write from a
// chosen one on, as a dead process would; the restart is a new app on the same store. A state change
// or hand-over is one transaction on the embedded store (nothing half-done to finish there); the
// recovery is that of a store without transactions (MongoDB), played by running the work as a sequence.
// docs/decisions/durability.md, "What is not atomic".
import pino from 'pino';
import request from 'supertest';
import { type App, createApp } from '../app';
import type { Collection, Document, Store } from '../db/types';
import type { MessageDoc } from '../modules/messages/module';
import type { OpportunityDoc } from '../modules/opportunities/repository';
import type { ProspectDoc } from '../modules/prospects/module';
import { kit, type Member, rowOf } from '../test-support/prospects-test-kit';
import { createTestApp, type TestApp } from '../test-support/test-app';

const WRITES = ['insertOne', 'insertMany', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany'] as const;
type Write = (typeof WRITES)[number];

/**
 * The store of a process about to die: once a write matching `at` is attempted, it and every later
 * write fail (`once`: only that one fails, the process goes on). Its runInTransaction runs the work as a
 * plain sequence, as on MongoDB (a kill there leaves the writes made so far), unless `transactions`:
 * then the embedded store's own (a kill rolls back what the transaction wrote).
 */
function dyingStore(
  store: Store,
  at: { collection: string; write: Write; once?: boolean },
  transactions = false,
): Store {
  let dead = false;
  let struck = false;
  const wrap = <T extends Document>(collection: Collection<T>): Collection<T> =>
    new Proxy(collection, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        if (!(WRITES as readonly (string | symbol)[]).includes(property))
          return (value as (...args: unknown[]) => unknown).bind(target);
        return (...args: unknown[]) => {
          const strikes = !struck && collection.name === at.collection && property === at.write;
          if (strikes) struck = true;
          if (strikes || dead) {
            if (!at.once) dead = true;
            return Promise.reject(new Error('processus arrêté'));
          }
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return {
    kind: store.kind,
    collection: <T extends Document>(name: string) => wrap(store.collection<T>(name)),
    runInTransaction: (work) => (transactions ? store.runInTransaction(work) : work()),
    dropAll: () => store.dropAll(),
    close: () => store.close(),
  };
}

describe('writes interrupted half-way', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;
  let statusId: string;
  const apps: App[] = [];

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner();
    statusId =
      ((await k.post('/api/opportunity/status', k.as(owner))).body.status as { _id: string }[])[0]?._id ?? '';
  });
  afterAll(async () => {
    for (const app of apps) app.locals.stop();
    t.app.locals.stop();
    await t.close();
  });

  const appOn = async (store: Store) => {
    const app = createApp(t.config, {
      store,
      mailer: t.mailer,
      logger: pino({ level: 'silent' }),
      now: t.clock.now,
    });
    apps.push(app);
    await app.locals.ready;
    return app;
  };
  /** A new app on the same store, started (its start finishes what was interrupted). */
  const restart = () => appOn(t.store);

  let next = 0;
  async function opportunity(): Promise<{ id: string; prospectId: string }> {
    const { excelId } = await k.loadOk(owner, [rowOf((next += 1))], { name: `Fichier ${next}` });
    const [prospect] = (await k.page(owner, excelId)).body.value as { _id: string }[];
    const created = await k.post('/api/opportunity/create', { ...k.as(owner), prospectId: prospect?._id });
    return { id: created.body.opportunityId as string, prospectId: prospect?._id ?? '' };
  }
  const opportunities = () => t.store.collection<OpportunityDoc>('opportunities');
  const prospectOf = (id: string) =>
    t.store.collection<ProspectDoc & { state?: string }>('prospects').findOne({ _id: id });
  const messagesOf = (opportunityId: string) =>
    t.store.collection<MessageDoc>('messages').find({ opportunityId });
  const listed = async (app: App, id: string) =>
    (
      (
        await request(app)
          .post('/api/opportunity/getwithfilter')
          .send({ ...k.as(owner), filter: { state: 'all' }, startId: 0, endId: 500 })
      ).body.opportunitys as {
        _id: string;
        state: string;
      }[]
    ).find((card) => card._id === id);

  it('finishes a state change killed before the prospect copy', async () => {
    const { id, prospectId } = await opportunity();
    // Another instance keeps the list in memory: it must hear of the change once it is finished.
    const watcher = await restart();
    expect((await listed(watcher, id))?.state).toBe('TODO');
    const dying = await appOn(dyingStore(t.store, { collection: 'prospects', write: 'updateOne' }));
    const res = await request(dying)
      .post('/api/opportunity/setWin')
      .send({ ...k.as(owner), opportunityId: id });
    expect(res.status).toBe(500);
    expect((await opportunities().findOne({ _id: id }))?.state).toBe('WIN');
    expect((await prospectOf(prospectId))?.state).toBe('TODO');

    const restarted = await restart();
    const doc = await opportunities().findOne({ _id: id });
    expect(doc?.syncToken).toBeUndefined();
    expect((await prospectOf(prospectId))?.state).toBe('WIN');
    expect((await listed(restarted, id))?.state).toBe('WIN');
    expect((await listed(watcher, id))?.state).toBe('WIN');
  });

  it('leaves nothing of a state change killed half-way on the embedded store (one transaction)', async () => {
    const { id, prospectId } = await opportunity();
    const watcher = await restart();
    expect((await listed(watcher, id))?.state).toBe('TODO');
    const before = await opportunities().findOne({ _id: id });
    const dying = await appOn(
      dyingStore(t.store, { collection: 'prospects', write: 'updateOne', once: true }, true),
    );
    const res = await request(dying)
      .post('/api/opportunity/setWin')
      .send({ ...k.as(owner), opportunityId: id });
    expect(res.status).toBe(500);
    // The opportunity's write and the list record went with the prospect copy's failure.
    expect(await opportunities().findOne({ _id: id })).toEqual(before);
    expect((await prospectOf(prospectId))?.state).toBe('TODO');
    expect((await listed(watcher, id))?.state).toBe('TODO');
    // Nothing for a start to finish; the same call again goes through whole.
    const again = await request(dying)
      .post('/api/opportunity/setWin')
      .send({ ...k.as(owner), opportunityId: id });
    expect(again.status).toBe(200);
    expect((await opportunities().findOne({ _id: id }))?.syncToken).toBeUndefined();
    expect((await prospectOf(prospectId))?.state).toBe('WIN');
    expect((await listed(watcher, id))?.state).toBe('WIN');
  });

  it('tells the other instances of a state change killed before its list record', async () => {
    const { id, prospectId } = await opportunity();
    const watcher = await restart();
    expect((await listed(watcher, id))?.state).toBe('TODO');
    const dying = await appOn(
      dyingStore(t.store, { collection: 'opportunityListChanges', write: 'insertOne' }),
    );
    const res = await request(dying)
      .post('/api/opportunity/setLoose')
      .send({ ...k.as(owner), opportunityId: id });
    expect(res.status).toBe(500);
    expect((await listed(watcher, id))?.state).toBe('TODO');

    await restart();
    expect((await listed(watcher, id))?.state).toBe('LOOSE');
    expect((await prospectOf(prospectId))?.state).toBe('LOOSE');
  });

  it('finishes a hand-over to a colleague killed before the prospect copy', async () => {
    const { id, prospectId } = await opportunity();
    const colleague = await k.member(owner);
    const dying = await appOn(dyingStore(t.store, { collection: 'prospects', write: 'updateOne' }));
    const res = await request(dying)
      .post('/api/opportunity/assign')
      .send({ ...k.as(owner), opportunityId: id, userId: colleague.userId });
    expect(res.status).toBe(500);
    await restart();
    expect(await prospectOf(prospectId)).toMatchObject({ acceptedBy: colleague.userId });
    expect((await opportunities().findOne({ _id: id }))?.syncToken).toBeUndefined();
  });

  /** An opportunity's comment lines: its audit records, and any line its document still holds. */
  const commentLines = async (id: string) => [
    ...(
      await t.store
        .collection<{ _id: string; opportunityId: string; line?: { kind?: string; messageId?: string } }>(
          'auditLog',
        )
        .find({ opportunityId: id })
    ).flatMap((record) => (record.line?.kind === 'comment' ? [record.line] : [])),
    ...((await opportunities().findOne({ _id: id }))?.history ?? []).filter(
      (entry) => entry.kind === 'comment',
    ),
  ];

  it('logs a comment killed after its message was stored, once', async () => {
    const { id } = await opportunity();
    const dying = await appOn(dyingStore(t.store, { collection: 'opportunities', write: 'updateOne' }));
    const res = await request(dying)
      .post('/api/messages/post')
      .send({ ...k.as(owner), opportunityId: id, message: 'Rappeler jeudi', statusId });
    expect(res.status).toBe(500);
    expect((await messagesOf(id)).map((message) => message.pending)).toEqual([true]);
    expect((await opportunities().findOne({ _id: id }))?.messageCount ?? 0).toBe(0);

    await restart();
    await restart();
    const doc = await opportunities().findOne({ _id: id });
    const [message] = await messagesOf(id);
    expect(message?.pending).toBeUndefined();
    expect(doc?.messageCount).toBe(1);
    expect(doc?.recentMessages?.map((recent) => recent.text)).toEqual(['Rappeler jeudi']);
    expect(await commentLines(id)).toEqual([
      expect.objectContaining({ messageId: message?._id, reason: expect.stringContaining('Commentaire') }),
    ]);
  });

  it('does not log twice a comment killed after its line was written', async () => {
    const { id } = await opportunity();
    const dying = await appOn(dyingStore(t.store, { collection: 'messages', write: 'updateOne' }));
    const res = await request(dying)
      .post('/api/messages/post')
      .send({ ...k.as(owner), opportunityId: id, message: 'Devis envoyé', statusId });
    expect(res.status).toBe(500);
    await restart();
    const doc = await opportunities().findOne({ _id: id });
    expect(await commentLines(id)).toHaveLength(1);
    expect(doc?.messageCount).toBe(1);
    expect((await messagesOf(id)).map((message) => [message.text, message.pending])).toEqual([
      ['Devis envoyé', undefined],
    ]);
  });

  it('keeps nothing of a comment whose opportunity could not log it', async () => {
    const { id } = await opportunity();
    const failing = await appOn(
      dyingStore(t.store, { collection: 'opportunities', write: 'updateOne', once: true }),
    );
    const res = await request(failing)
      .post('/api/messages/post')
      .send({ ...k.as(owner), opportunityId: id, message: 'Perdu en route', statusId });
    expect(res.status).toBe(500);
    expect(await messagesOf(id)).toEqual([]);
    expect(await commentLines(id)).toEqual([]);
  });
});
