// What each API process keeps of the request path (the session, the organisation document, the member
// list: request-path.md, fourth round) never outlives a change made through another process on the same
// DATA_DIR: a sign-out, a removed member, a role or a licence change, a new name are refused or shown on
// the very next call to the other process, whose copies were warm; a write to other collections (an
// import batch) leaves them kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { App } from '../app';
import { changeMarkOf, StampedCache } from '../db/stamped-cache';
import { openSqliteStore } from '../db/sqlite-store';
import type { Collection, Document } from '../db/types';
import { kit, type Member, rowOf as importRow } from '../test-support/prospects-test-kit';
import { openSharedStore, type SharedStore } from '../test-support/shared-store';
import { createClock, type TestApp } from '../test-support/test-app';

const clock = createClock(Date.UTC(2030, 0, 1, 9));

let shared: SharedStore;
beforeAll(() => {
  shared = openSharedStore('kept-access-', clock.now);
});
afterAll(() => shared.close());

const post = (app: App, route: string, body: object) => request(app).post(route).send(body);

type UserRow = { _id: string; username: string; roles: { name: string }[]; licenceId?: string };

describe('copies kept by an API process, with two processes on one DATA_DIR', () => {
  let first: App;
  let second: App;
  let secondStore: TestApp['store'];
  let k: ReturnType<typeof kit>;
  let store: TestApp['store'];
  let owner: Member;
  let colleague: Member;
  let leaver: Member;
  let roleId: Record<string, string>;

  const as = (who: Member) => ({ token: who.token, organisationId: who.organisationId });
  const usersOn = async (app: App, who: Member = owner) => {
    const res = await post(app, '/api/organisation/getUsers', as(who));
    expect(res.status).toBe(200);
    return res.body.users as UserRow[];
  };
  const rowOf = async (app: App, userId: string) => (await usersOn(app)).find((user) => user._id === userId);
  /** A call that needs "Modifier les permissions" (EDIT_PERMISSIONS): the leaver's role set to Commercial. */
  const changeLeaversRole = (app: App, who: Member) =>
    post(app, '/api/user/changeRole', { ...as(who), userId: leaver.userId, roleId: roleId.Commercial });
  /** Both processes answer each member's call several times, so whatever they keep is warm. */
  const warm = async (members = [owner, colleague, leaver]) => {
    for (const app of [first, second, first, second])
      for (const member of members) await usersOn(app, member);
  };

  beforeAll(async () => {
    const one = await shared.instance();
    first = one.app;
    const other = await shared.instance();
    second = other.app;
    secondStore = other.store;
    store = one.store;
    k = kit(one as TestApp);
    owner = await k.owner('Société Gardée');
    colleague = await k.member(owner, 'Commercial');
    leaver = await k.member(owner, 'Commercial');
    const roles = await post(first, '/api/user/getRoles', as(owner));
    roleId = Object.fromEntries(
      (roles.body.roles as { _id: string; name: string }[]).map((role) => [role.name, role._id]),
    );
  });

  it('applies a role change made through one process on the next call to the other', async () => {
    await warm();
    expect((await changeLeaversRole(second, colleague)).status).toBe(403);

    const promoted = await post(first, '/api/user/changeRole', {
      ...as(owner),
      userId: colleague.userId,
      roleId: roleId.Administrateur,
    });
    expect(promoted.status).toBe(200);
    expect((await rowOf(second, colleague.userId))?.roles).toEqual([
      { _id: roleId.Administrateur, name: 'Administrateur' },
    ]);
    expect((await changeLeaversRole(second, colleague)).status).toBe(200);

    await warm();
    const demoted = await post(first, '/api/user/changeRole', {
      ...as(owner),
      userId: colleague.userId,
      roleId: roleId.Commercial,
    });
    expect(demoted.status).toBe(200);
    expect((await changeLeaversRole(second, colleague)).status).toBe(403);
  });

  it('shows a licence taken back, and a new name, on the next call to the other process', async () => {
    await warm();
    const licenceId = (await rowOf(second, colleague.userId))?.licenceId;
    expect(licenceId).toEqual(expect.any(String));

    const taken = await post(first, '/api/stripe/assignKey', {
      ...as(owner),
      keyId: licenceId,
      userId: null,
    });
    expect(taken.status).toBe(200);
    expect((await rowOf(second, colleague.userId))?.licenceId).toBeUndefined();

    await warm();
    await store
      .collection<{ _id: string; username: string }>('users')
      .updateOne({ _id: colleague.userId }, { $set: { username: 'Paul Martin' } });
    expect((await rowOf(second, colleague.userId))?.username).toBe('Paul Martin');
  });

  /** Counts the reads of these collections by the second process (its components hold the same objects). */
  const readsOnSecond = (names: string[]) => {
    const spies = names.map((name) => {
      const collection = secondStore.collection<Document>(name) as Collection<Document>;
      return [jest.spyOn(collection, 'findOne'), jest.spyOn(collection, 'find')];
    });
    return {
      count: () => spies.flat().reduce((total, spy) => total + spy.mock.calls.length, 0),
      restore: () => {
        for (const spy of spies.flat()) spy.mockRestore();
      },
    };
  };

  it('keeps its copies across an import batch written through the other process', async () => {
    await warm();
    const kept = readsOnSecond(['sessions', 'organisations', 'memberships', 'licences', 'users']);
    try {
      const importId = await k.start(owner, 2);
      const batch = await k.sendRows(owner, importId, 0, [importRow(1), importRow(2)]);
      expect(batch.status).toBe(200);
      const before = await usersOn(second);
      expect(kept.count()).toBe(0);
      expect(before.map((user) => user._id)).toContain(colleague.userId);

      // A write that matters, through the first process, is read on the second's next call.
      await post(first, '/api/user/changeRole', {
        ...as(owner),
        userId: colleague.userId,
        roleId: roleId.Manager,
      });
      expect((await rowOf(second, colleague.userId))?.roles).toEqual([
        { _id: roleId.Manager, name: 'Manager' },
      ]);
      expect(kept.count()).toBeGreaterThan(0);
      await post(first, '/api/user/changeRole', {
        ...as(owner),
        userId: colleague.userId,
        roleId: roleId.Commercial,
      });
    } finally {
      kept.restore();
    }
  });

  it('refuses a removed member on the next call to the other process', async () => {
    await warm();
    const removed = await post(first, '/api/user/remove', {
      ...as(owner),
      userId: leaver.userId,
      reassignTo: owner.userId,
    });
    expect(removed.status).toBe(200);
    const refused = await post(second, '/api/organisation/getUsers', as(leaver));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Vous ne faites pas partie de cette organisation');
    expect((await usersOn(second)).map((user) => user._id)).not.toContain(leaver.userId);
  });

  it('refuses a signed-out session on the next call, to either process', async () => {
    await warm([owner, colleague]);
    expect((await post(first, '/api/logout', { token: colleague.token })).status).toBe(200);
    for (const app of [second, first]) {
      const refused = await post(app, '/api/organisation/getUsers', as(colleague));
      expect(refused.status).toBe(401);
    }
  });
});

describe("the embedded store's change mark", () => {
  it('moves with a commit of this connection, of another one, and with a rolled-back transaction', async () => {
    const here = await openSqliteStore({ dataDir: shared.dir });
    const elsewhere = await openSqliteStore({ dataDir: shared.dir });
    try {
      const mark = () => here.changeMark?.() ?? null;
      const next = () => new Promise((resolve) => setImmediate(resolve));
      const notes = here.collection<{ _id: string; text: string }>('markNotes');
      await notes.insertOne({ text: 'un' });
      await next();
      const start = mark();
      expect(start).toEqual(expect.any(String));
      await next();
      expect(mark()).toBe(start);

      await notes.insertOne({ text: 'deux' });
      const afterOwnWrite = mark();
      expect(afterOwnWrite).not.toBe(start);

      await next();
      await elsewhere.collection<{ _id: string; text: string }>('markNotes').insertOne({ text: 'trois' });
      await next();
      const afterOtherWrite = mark();
      expect(afterOtherWrite).not.toBe(afterOwnWrite);

      let markInside: string | null = 'lu';
      await expect(
        here.runInTransaction(async () => {
          markInside = mark();
          throw new Error('annulé');
        }),
      ).rejects.toThrow('annulé');
      expect(markInside).toBeNull();
      expect(mark()).not.toBe(afterOtherWrite);
    } finally {
      await here.close();
      await elsewhere.close();
    }
  });

  it("moves a collection's mark with its writes only, in any process, and with a rollback", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'collection-marks-'));
    const here = await openSqliteStore({ dataDir: dir });
    const elsewhere = await openSqliteStore({ dataDir: dir });
    try {
      type Note = { _id: string; text: string };
      const next = () => new Promise((resolve) => setImmediate(resolve));
      const { insertedId } = await here.collection<Note>('watched').insertOne({ text: 'avant' });
      const watched = here.collection<Note>('watched');
      const cache = new StampedCache<Note | null>(changeMarkOf(here, ['watched']));
      let loads = 0;
      const read = async () => {
        const value = await cache.get(insertedId, () => {
          loads += 1;
          return watched.findOne({ _id: insertedId });
        });
        await next();
        return value?.text;
      };
      expect(await read()).toBe('avant');

      // Writes to other collections, of either connection: kept.
      await elsewhere.collection<Note>('unrelated').insertMany([{ text: 'a' }, { text: 'b' }]);
      await next();
      await here.collection<Note>('unrelated').insertOne({ text: 'c' });
      expect(await read()).toBe('avant');
      expect(loads).toBe(1);

      // The other connection's write to it, alone and inside a transaction with another collection.
      await elsewhere.collection<Note>('watched').updateOne({ _id: insertedId }, { $set: { text: 'un' } });
      await next();
      expect(await read()).toBe('un');
      await elsewhere.runInTransaction(async () => {
        await elsewhere.collection<Note>('unrelated').insertOne({ text: 'd' });
        await elsewhere
          .collection<Note>('watched')
          .updateOne({ _id: insertedId }, { $set: { text: 'deux' } });
      });
      await next();
      expect(await read()).toBe('deux');
      expect(loads).toBe(3);

      // Rolled back in the other connection: nothing changed, the value stays right.
      await expect(
        elsewhere.runInTransaction(async () => {
          await elsewhere
            .collection<Note>('watched')
            .updateOne({ _id: insertedId }, { $set: { text: 'non' } });
          throw new Error('annulé');
        }),
      ).rejects.toThrow('annulé');
      await next();
      expect(await read()).toBe('deux');

      // A savepoint of this connection rolled back, then a kept write to it in the same transaction.
      await here.runInTransaction(async () => {
        await expect(
          watched.insertMany([{ _id: insertedId, text: 'doublon' } as unknown as Note]),
        ).rejects.toThrow();
        await watched.updateOne({ _id: insertedId }, { $set: { text: 'trois' } });
      });
      expect(await read()).toBe('trois');

      // Rolled back in this connection, and every table dropped by the other one.
      await expect(
        here.runInTransaction(async () => {
          await watched.updateOne({ _id: insertedId }, { $set: { text: 'non' } });
          throw new Error('annulé');
        }),
      ).rejects.toThrow('annulé');
      expect(await read()).toBe('trois');
      const beforeDrop = here.changeMark?.(['watched']);
      await next();
      await elsewhere.dropAll();
      await next();
      expect(here.changeMark?.(['watched'])).not.toBe(beforeDrop);
    } finally {
      await here.close();
      await elsewhere.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("moves a field's mark with the collection's documents added or removed and that field's updates only", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'field-marks-'));
    const here = await openSqliteStore({ dataDir: dir });
    const elsewhere = await openSqliteStore({ dataDir: dir });
    try {
      type Row = {
        _id: string;
        file: string;
        text: string;
        state?: string;
        seen?: number;
        place?: { city: string };
      };
      const next = () => new Promise((resolve) => setImmediate(resolve));
      const rows = (store: typeof here) => store.collection<Row>('rows');
      const { insertedId } = await rows(here).insertOne({ file: 'a', text: 'crèche' });
      await next();
      const marks = () => ({
        text: here.changeMark?.(['rows.text']),
        file: here.changeMark?.(['rows.file', 'rows.text']),
        whole: here.changeMark?.(['rows']),
      });
      const moved = async (write: () => Promise<unknown>) => {
        const before = marks();
        await write();
        await next();
        const after = marks();
        return {
          text: after.text !== before.text,
          file: after.file !== before.file,
          whole: after.whole !== before.whole,
        };
      };

      // Other fields updated, by either connection, one by one or several at once: the field marks stay.
      expect(
        await moved(() => rows(elsewhere).updateOne({ _id: insertedId }, { $set: { state: 'WIN' } })),
      ).toEqual({
        text: false,
        file: false,
        whole: true,
      });
      expect(
        await moved(() =>
          rows(here).updateEach([
            { filter: { _id: insertedId }, update: { $inc: { seen: 1 }, $unset: { state: true } } },
          ]),
        ),
      ).toEqual({ text: false, file: false, whole: true });
      // The field itself, written whole or by a path under it, by either connection.
      expect(
        await moved(() => rows(elsewhere).updateOne({ _id: insertedId }, { $set: { text: 'creche' } })),
      ).toEqual({
        text: true,
        file: true,
        whole: true,
      });
      expect(await moved(() => rows(here).updateMany({ file: 'a' }, { $set: { file: 'b' } }))).toEqual({
        text: false,
        file: true,
        whole: true,
      });
      // A path under a field moves that field's mark.
      const place = () => here.changeMark?.(['rows.place']);
      const beforePlace = place();
      await rows(elsewhere).updateOne({ _id: insertedId }, { $set: { 'place.city': 'Lyon' } });
      await next();
      expect(place()).not.toBe(beforePlace);
      // Documents added or removed, by any way of writing them: every field's mark.
      expect(await moved(() => rows(elsewhere).insertMany([{ file: 'a', text: 'école' }]))).toEqual({
        text: true,
        file: true,
        whole: true,
      });
      expect(
        await moved(() =>
          rows(here).insertSerialised(['{"file":"a","text":"mairie"}'], {
            arrays: [],
            booleans: [],
            numbers: [],
          }),
        ),
      ).toEqual({
        text: true,
        file: true,
        whole: true,
      });
      expect(await moved(() => rows(elsewhere).deleteMany({ text: 'mairie' }))).toEqual({
        text: true,
        file: true,
        whole: true,
      });
      // Another collection's field of the same name: nothing.
      expect(
        await moved(() => elsewhere.collection<Row>('other').insertOne({ file: 'a', text: 'crèche' })),
      ).toEqual({ text: false, file: false, whole: false });
    } finally {
      await here.close();
      await elsewhere.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a value while nothing changed, and reads again after any commit', async () => {
    const here = await openSqliteStore({ dataDir: shared.dir });
    const elsewhere = await openSqliteStore({ dataDir: shared.dir });
    try {
      const notes = here.collection<{ _id: string; text: string }>('cachedNotes');
      const { insertedId } = await notes.insertOne({ text: 'avant' });
      const cache = new StampedCache<{ text: string } | null>(changeMarkOf(here, ['cachedNotes']));
      let loads = 0;
      const read = () =>
        cache.get(insertedId, () => {
          loads += 1;
          return notes.findOne({ _id: insertedId });
        });
      const next = () => new Promise((resolve) => setImmediate(resolve));
      expect((await read())?.text).toBe('avant');
      await next();
      expect((await read())?.text).toBe('avant');
      expect(loads).toBe(1);

      await elsewhere
        .collection<{ _id: string; text: string }>('cachedNotes')
        .updateOne({ _id: insertedId }, { $set: { text: 'après' } });
      await next();
      expect((await read())?.text).toBe('après');
      expect(loads).toBe(2);

      await elsewhere.collection<{ _id: string; text: string }>('cachedNotes').deleteOne({ _id: insertedId });
      await next();
      expect(await read()).toBeNull();
      expect(await read()).toBeNull();
      expect(loads).toBe(4); // a missing document is never kept
    } finally {
      await here.close();
      await elsewhere.close();
    }
  });
});
