// The live team's events with two API processes on one DATA_DIR: a change made through one process
// reaches a stream opened on the other; a stream reopened with its last event's id catches up what it
// missed; an organisation's events never reach another's stream; a stream needs a ticket, a ticket a
// session and "Voir les prospects".
import { LIVE_MESSAGES, type LiveChange } from '@app/domain';
import request from 'supertest';
import type { App } from '../../app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { openSharedStore, type SharedStore } from '../../test-support/shared-store';
import { createClock, type TestApp } from '../../test-support/test-app';

const clock = createClock(Date.UTC(2030, 0, 1, 9));

let shared: SharedStore;
beforeEach(() => {
  shared = openSharedStore('live-shared-', clock.now);
});
afterEach(() => shared.close());

type Frame = { event: string; id: string | null; data: string };

/** One event stream read frame by frame (comment lines skipped). */
async function openStream(base: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live/events?${new URLSearchParams(query).toString()}`, {
    headers,
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const waiting: (() => void)[] = [];
  let buffer = '';
  const pump = async () => {
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame: Frame = { event: 'message', id: null, data: '' };
        let isComment = true;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          isComment = false;
          const [field, ...rest] = line.split(': ');
          const value = rest.join(': ');
          if (field === 'event') frame.event = value;
          else if (field === 'id') frame.id = value;
          else if (field === 'data') frame.data = value;
        }
        if (!isComment) frames.push(frame);
        waiting.splice(0).forEach((wake) => wake());
      }
    }
  };
  if (res.status === 200) void pump();
  let read = 0;
  return {
    status: res.status,
    headers: res.headers,
    body: res.status === 200 ? null : ((await res.json()) as { message: string }),
    frames,
    /** The next frame not read yet (waits for it). */
    async next(): Promise<Frame> {
      while (read >= frames.length) await new Promise<void>((wake) => waiting.push(wake));
      read += 1;
      return frames[read - 1] as Frame;
    },
    close: () => controller.abort(),
  };
}

describe('live events with two API processes on one DATA_DIR', () => {
  let first: App;
  let second: App;
  let base: string;
  let k: ReturnType<typeof kit>;
  let owner: Member;
  let opportunityId: string;

  async function newOpportunity(who: Member, name: string): Promise<string> {
    const { excelId } = await k.loadOk(who, [rowOf(1, { 'Raison sociale': name })]);
    const [prospect] = (await k.page(who, excelId)).body.value as { _id: string }[];
    const created = await request(first)
      .post('/api/opportunity/create')
      .send({ ...k.as(who), prospectId: prospect?._id });
    return created.body.opportunityId as string;
  }

  async function ticket(app: App, who: Member): Promise<string> {
    const res = await request(app).post('/api/live/ticket').send(k.as(who));
    expect(res.status).toBe(200);
    return res.body.ticket as string;
  }

  beforeEach(async () => {
    const one = await shared.instance();
    first = one.app;
    second = (await shared.instance()).app;
    base = await shared.listen(second);
    k = kit(one as TestApp);
    owner = await k.owner('Société Partagée');
    opportunityId = await newOpportunity(owner, 'Boulangerie Direct');
  });

  it('sends a stream on process B the change of state made through process A, with the opportunity’s id', async () => {
    const stream = await openStream(base, { ticket: await ticket(second, owner) });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const ready = await stream.next();
    expect(ready.event).toBe('ready');

    const changed = await request(first)
      .post('/api/opportunity/setWin')
      .send({ ...k.as(owner), opportunityId });
    expect(changed.status).toBe(200);

    const event = await stream.next();
    expect(event.event).toBe('message');
    const change = JSON.parse(event.data) as LiveChange;
    expect(change.kinds).toContain('opportunities');
    expect(change.opportunityIds).toContain(opportunityId);
    expect(event.id).not.toBe(ready.id);
    stream.close();
  });

  it('sends an import finished on process A as a change of the prospects', async () => {
    const stream = await openStream(base, { ticket: await ticket(second, owner) });
    await stream.next();
    await k.loadOk(owner, [rowOf(2, { 'Raison sociale': 'Fichier Nouveau' })]);
    const change = JSON.parse((await stream.next()).data) as LiveChange;
    expect(change.kinds).toContain('prospects');
    stream.close();
  });

  it('catches up, from the last event’s id, what happened while the stream was closed', async () => {
    const stream = await openStream(base, { ticket: await ticket(second, owner) });
    const ready = await stream.next();
    stream.close();

    await request(first)
      .post('/api/opportunity/setWaiting')
      .send({ ...k.as(owner), opportunityId, date: clock.now() + 2 * 24 * 60 * 60 * 1000 })
      .expect(200);

    // Our client sends the id as a parameter; the browser's own reconnection as a header.
    for (const how of ['query', 'header'] as const) {
      const again =
        how === 'query'
          ? await openStream(base, { ticket: await ticket(second, owner), lastEventId: ready.id ?? '' })
          : await openStream(
              base,
              { ticket: await ticket(second, owner) },
              { 'Last-Event-ID': ready.id ?? '' },
            );
      const caughtUp = await again.next();
      expect(caughtUp.event).toBe('message');
      expect((JSON.parse(caughtUp.data) as LiveChange).opportunityIds).toEqual([opportunityId]);
      again.close();
    }

    // Nothing missed: the stream starts with its current id.
    const current = await openStream(base, { ticket: await ticket(second, owner) });
    const fresh = await current.next();
    const reopened = await openStream(base, {
      ticket: await ticket(second, owner),
      lastEventId: fresh.id ?? '',
    });
    expect((await reopened.next()).event).toBe('ready');
    current.close();
    reopened.close();
  });

  it('never sends one organisation’s change to another organisation’s stream', async () => {
    const other = await k.owner('Société Voisine');
    const otherOpportunity = await newOpportunity(other, 'Garage Voisin');
    const mine = await openStream(base, { ticket: await ticket(second, owner) });
    const theirs = await openStream(base, { ticket: await ticket(second, other) });
    await mine.next();
    await theirs.next();

    await request(first)
      .post('/api/opportunity/setLoose')
      .send({ ...k.as(owner), opportunityId })
      .expect(200);
    expect((JSON.parse((await mine.next()).data) as LiveChange).opportunityIds).toEqual([opportunityId]);

    // The other organisation's next event is about its own change, nothing before it.
    await request(first)
      .post('/api/opportunity/setWin')
      .send({ ...k.as(other), opportunityId: otherOpportunity })
      .expect(200);
    const theirEvent = await theirs.next();
    expect((JSON.parse(theirEvent.data) as LiveChange).opportunityIds).toEqual([otherOpportunity]);
    expect(theirs.frames.map((frame) => frame.data).join()).not.toContain(opportunityId);
    mine.close();
    theirs.close();
  });

  it('refuses a stream without a valid ticket (401), and a ticket to whoever may not see the lists (401, 403)', async () => {
    const none = await openStream(base, {});
    expect(none.status).toBe(401);
    expect(none.body?.message).toBe(LIVE_MESSAGES.ticketInvalid);
    expect((await openStream(base, { ticket: 'x'.repeat(43) })).status).toBe(401);

    // Single use: the second stream with the same ticket is refused, on either process.
    const once = await ticket(first, owner);
    const used = await openStream(base, { ticket: once });
    expect(used.status).toBe(200);
    expect((await openStream(base, { ticket: once })).status).toBe(401);
    used.close();

    // Valid a minute.
    const late = await ticket(first, owner);
    clock.advance(61_000);
    expect((await openStream(base, { ticket: late })).status).toBe(401);

    const bad = await openStream(base, { ticket: await ticket(first, owner), lastEventId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body?.message).toBe(LIVE_MESSAGES.badLastEventId);

    expect(
      (await request(first).post('/api/live/ticket').send({ organisationId: owner.organisationId })).status,
    ).toBe(401);
    const stranger = await k.owner('Société Étrangère');
    expect(
      (
        await request(first)
          .post('/api/live/ticket')
          .send({ token: stranger.token, organisationId: owner.organisationId })
      ).status,
    ).toBe(403);
    // A role without "Voir les prospects" (128).
    const blind = await k.member(owner, 'Sans prospects', String(4096));
    expect((await request(first).post('/api/live/ticket').send(k.as(blind))).status).toBe(403);
  });
});
