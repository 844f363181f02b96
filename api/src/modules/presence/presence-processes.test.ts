// "Aussi ouvert par …" with two API processes on one DATA_DIR (issue 23): a member who opened the
// detail on one process is seen by a colleague calling the other; absent after leaving or after
// PRESENCE_TTL_MS without a heartbeat; never across organisations; refused without "Voir les prospects".
import { PRESENCE_HEARTBEAT_MS, PRESENCE_TTL_MS } from '@app/domain';
import request from 'supertest';
import type { App } from '../../app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { openSharedStore, type SharedStore } from '../../test-support/shared-store';
import { createClock, type TestApp } from '../../test-support/test-app';

const clock = createClock(Date.UTC(2030, 0, 1, 9));

let shared: SharedStore;
beforeAll(() => {
  shared = openSharedStore('presence-shared-', clock.now);
});
afterAll(() => shared.close());

const post = (app: App, route: string, body: object) => request(app).post(route).send(body);

describe('presence on an opportunity with two API processes on one DATA_DIR', () => {
  let first: App;
  let second: App;
  let k: ReturnType<typeof kit>;
  let owner: Member;
  let colleague: Member;
  let opportunityId: string;

  beforeAll(async () => {
    const one = await shared.instance();
    first = one.app;
    second = (await shared.instance()).app;
    k = kit(one as TestApp);
    owner = await k.owner('Société Partagée');
    colleague = await k.member(owner, 'Administrateur');
    const { excelId } = await k.loadOk(owner, [rowOf(1)]);
    const [prospect] = (await k.page(owner, excelId)).body.value as { _id: string }[];
    const created = await post(first, '/api/opportunity/create', {
      ...k.as(owner),
      prospectId: prospect?._id,
    });
    opportunityId = created.body.opportunityId as string;
  });

  const here = (app: App, who: Member, id = opportunityId) =>
    post(app, '/api/opportunity/presence', { ...k.as(who), opportunityId: id });
  const leave = (app: App, who: Member) =>
    post(app, '/api/opportunity/presence/leave', { ...k.as(who), opportunityId });

  it('shows each member the other one, whichever process each calls, and never themselves', async () => {
    const alone = await here(first, owner);
    expect(alone.status).toBe(200);
    expect(alone.body).toEqual({ others: [] });

    const seen = await here(second, colleague);
    expect(seen.body).toEqual({ others: [{ _id: owner.userId, username: 'Dupont Marie' }] });
    expect((await here(first, owner)).body).toEqual({
      others: [{ _id: colleague.userId, username: 'Martin Paul' }],
    });
  });

  it('keeps a member while their heartbeats come, and forgets them PRESENCE_TTL_MS after the last one', async () => {
    await here(first, owner);
    await here(second, colleague);
    clock.advance(PRESENCE_HEARTBEAT_MS);
    await here(first, owner);
    clock.advance(PRESENCE_HEARTBEAT_MS);
    // The colleague's last heartbeat is 30 s old: still there.
    expect((await here(first, owner)).body.others).toHaveLength(1);
    clock.advance(PRESENCE_TTL_MS - 2 * PRESENCE_HEARTBEAT_MS);
    // Now 40 s: gone (a closed tab, a lost connection).
    expect((await here(first, owner)).body).toEqual({ others: [] });
  });

  it('forgets a member at once when they leave the page', async () => {
    await here(first, owner);
    await here(second, colleague);
    expect((await leave(second, colleague)).status).toBe(200);
    expect((await here(first, owner)).body).toEqual({ others: [] });
  });

  it('never shows a member of another organisation, who is answered as for an unknown opportunity', async () => {
    const outsider = await k.owner('Société Beta');
    await here(second, colleague);
    const foreign = await here(first, outsider);
    const unknown = await here(first, outsider, 'f'.repeat(24));
    expect(foreign.status).toBe(404);
    expect([foreign.status, foreign.body]).toEqual([unknown.status, unknown.body]);
    // Nothing was recorded for them: the organisation's members still see only each other.
    expect((await here(first, owner)).body).toEqual({
      others: [{ _id: colleague.userId, username: 'Martin Paul' }],
    });
  });

  it('refuses a member without "Voir les prospects" (403) and does not show them', async () => {
    const blind = await k.member(owner, 'Sans lecture', '0');
    const res = await here(second, blind);
    expect(res.status).toBe(403);
    expect(res.body.others).toBeUndefined();
    const others = (await here(first, owner)).body.others as { _id: string }[];
    expect(others.map((user) => user._id)).not.toContain(blind.userId);
  });

  it('refuses a malformed opportunity id in French', async () => {
    const res = await here(first, owner, 'pas-un-id');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/opportunité/);
  });
});
