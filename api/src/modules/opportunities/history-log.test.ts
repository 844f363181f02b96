// The opportunity detail's history is the organisation's audit log: the detail reads the records of
// its opportunity (only its organisation's), an opportunity keeps no copy once they are written, a
// store written before is moved once at start (two processes, one pass), the retention sweep keeps the
// lines of an opportunity that is live or in the bin, and a deletion and restoration keep them.
// docs/decisions/audit-log.md, "The opportunity history is the log's".
import pino from 'pino';
import { createApp } from '../../app';
import { newId } from '../../db/ids';
import type { Collection } from '../../db/types';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { otherAuditWriter } from '../../test-support/audit-writer';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import type { HistoryEntry, OpportunityDoc } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

type HistoryLine = {
  at: number;
  by: { _id: string; username: string };
  from: string | null;
  to: string;
  kind: string;
  reason?: string;
};
type AuditRow = { _id: string; organisationId: string; opportunityId?: string; kind: string; at: number };

describe('opportunity history in the audit log', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;
  let row = 0;
  const opportunities = () => t.store.collection<OpportunityDoc>('opportunities');
  const auditLog = (): Collection<AuditRow> => t.store.collection<AuditRow>('auditLog');

  const auditWriter = () => otherAuditWriter(t);

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner('Société Lignes');
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  async function take(who: Member): Promise<string> {
    row += 1;
    const { excelId } = await k.loadOk(who, [rowOf(row)]);
    const page = await k.page(who, excelId);
    const res = await k.post('/api/opportunity/create', { ...k.as(who), prospectId: page.body.value[0]._id });
    expect(res.status).toBe(200);
    return res.body.opportunityId as string;
  }
  async function history(who: Member, opportunityId: string): Promise<HistoryLine[]> {
    const res = await k.post('/api/opportunity/get', { ...k.as(who), opportunityId });
    expect(res.status).toBe(200);
    return res.body.opportunity.history as HistoryLine[];
  }
  async function comment(who: Member, opportunityId: string) {
    const statuses = await k.post('/api/opportunity/status', k.as(who));
    const res = await k.post('/api/messages/post', {
      ...k.as(who),
      opportunityId,
      message: 'Rappeler lundi',
      statusId: (statuses.body.status as { _id: string }[])[0]?._id,
    });
    expect(res.status).toBe(200);
  }
  async function worked(who: Member): Promise<string> {
    const id = await take(who);
    t.clock.advance(60_000);
    await comment(who, id);
    t.clock.advance(60_000);
    expect((await k.post('/api/opportunity/setWin', { ...k.as(who), opportunityId: id })).status).toBe(200);
    t.clock.advance(60_000);
    return id;
  }
  const linesOf = (opportunityId: string) => auditLog().find({ opportunityId }, { sort: { at: 1, _id: 1 } });

  it('reads the detail’s history from the audit records, and the opportunity keeps no copy of them', async () => {
    const id = await worked(owner);
    const lines = await history(owner, id);
    expect(lines.map((line) => [line.kind, line.from, line.to])).toEqual([
      ['state', null, 'TODO'],
      ['comment', 'TODO', 'TODO'],
      ['state', 'TODO', 'WIN'],
    ]);
    expect((await opportunities().findOne({ _id: id }))?.history).toEqual([]);
    const records = await linesOf(id);
    expect(records.map((record) => [record.kind, record.at])).toEqual([
      ['opportunityCreated', lines[0]?.at],
      ['commented', lines[1]?.at],
      ['stateChanged', lines[2]?.at],
    ]);
    expect(records.every((record) => record.organisationId === owner.organisationId)).toBe(true);

    // A line written through the audit log's port shows in the detail, in its place by time.
    const writer = auditWriter();
    const at = (lines[2]?.at ?? 0) + 1000;
    await writer.history.write([
      {
        id: newId(),
        organisationId: owner.organisationId,
        at,
        actorUserId: null,
        kind: 'stateChanged',
        subject: { type: 'opportunity', id, label: 'Société' },
        opportunityId: id,
        line: { from: 'WIN', to: 'TODO', kind: 'renewal', reason: 'Renouvellement' },
      },
    ]);
    expect((await history(owner, id)).at(-1)).toMatchObject({
      at,
      by: { username: 'Rappel automatique' },
      from: 'WIN',
      to: 'TODO',
      kind: 'renewal',
      reason: 'Renouvellement',
    });
  });

  it('never shows a line another organisation’s log holds for the same id', async () => {
    const id = await take(owner);
    const before = await history(owner, id);
    const stranger = await k.owner('Société Voisine');
    await auditWriter().history.write([
      {
        id: newId(),
        organisationId: stranger.organisationId,
        at: t.clock.now(),
        actorUserId: stranger.userId,
        kind: 'stateChanged',
        subject: { type: 'opportunity', id, label: 'Intrus' },
        opportunityId: id,
        line: { from: 'TODO', to: 'LOOSE', kind: 'state' },
      },
    ]);
    expect(await history(owner, id)).toEqual(before);
    // And the stranger cannot open it at all.
    expect((await k.post('/api/opportunity/get', { ...k.as(stranger), opportunityId: id })).status).toBe(404);
  });

  it('shows a store’s lines written before, then moves them once at start when two processes start together', async () => {
    const id = await worked(owner);
    const shown = await history(owner, id);
    const doc = await opportunities().findOne({ _id: id });
    const messageId = (
      await t.store
        .collection<{ _id: string; opportunityId: string }>('messages')
        .findOne({ opportunityId: id })
    )?._id;
    // The opportunity as a store written before this change held it: every line in the document, no
    // ids, no records, no dates kept beside them, and the pass not marked done.
    const legacy: HistoryEntry[] = [
      { at: shown[0]!.at, by: owner.userId, from: null, to: 'TODO' },
      {
        at: shown[1]!.at,
        by: owner.userId,
        from: 'TODO',
        to: 'TODO',
        kind: 'comment',
        reason: shown[1]!.reason ?? '',
        messageId: messageId ?? '',
      },
      { at: shown[2]!.at, by: owner.userId, from: 'TODO', to: 'WIN' },
      {
        at: shown[2]!.at + 1,
        by: null,
        from: 'WIN',
        to: 'TODO',
        kind: 'renewal',
        reason: 'Renouvellement du contrat',
      },
    ];
    await auditLog().deleteMany({ opportunityId: id });
    await opportunities().updateOne(
      { _id: id },
      { $set: { history: legacy }, $unset: { firstCommentAt: true } },
    );
    await t.store.collection('opportunityMigrations').deleteMany({});
    expect(doc?.firstCommentAt).toBe(shown[1]?.at);

    const legacyShown = await history(owner, id);
    expect(legacyShown.map((line) => [line.at, line.from, line.to, line.kind])).toEqual([
      [shown[0]?.at, null, 'TODO', 'state'],
      [shown[1]?.at, 'TODO', 'TODO', 'comment'],
      [shown[2]?.at, 'TODO', 'WIN', 'state'],
      [(shown[2]?.at ?? 0) + 1, 'WIN', 'TODO', 'renewal'],
    ]);

    const process = () =>
      createApp(t.config, {
        store: t.store,
        mailer: t.mailer,
        logger: pino({ level: 'silent' }),
        now: t.clock.now,
        digestSchedule: false,
        auditSchedule: false,
      });
    const [a, b] = [process(), process()];
    await Promise.all([a.locals.ready, b.locals.ready]);
    const records = await linesOf(id);
    expect(records.map((record) => record.kind)).toEqual([
      'opportunityCreated',
      'commented',
      'stateChanged',
      'stateChanged',
    ]);
    // The comment's record has its message's id: a comment finished later is not logged twice.
    expect(records[1]?._id).toBe(messageId);
    const moved = await opportunities().findOne({ _id: id });
    expect(moved?.history).toEqual([]);
    expect(moved?.firstCommentAt).toBe(shown[1]?.at);
    expect(moved?.renewedAt).toBe((shown[2]?.at ?? 0) + 1);
    expect(await history(owner, id)).toEqual(legacyShown);
    // Each start-up pass marked done once (the first comment dates' too).
    const markers = await t.store.collection('opportunityMigrations').find({});
    expect(markers.map((marker) => marker._id).sort()).toEqual(['firstCommentAt', 'historyInAuditLog']);

    // A later start finds the pass done and writes nothing.
    await opportunities().updateOne({ _id: id }, { $set: { history: legacy } });
    const c = process();
    await c.locals.ready;
    expect(await linesOf(id)).toHaveLength(4);
    for (const app of [a, b, c]) app.locals.stop();
    // The outbox still holds them (the test put them back): the detail shows each line once.
    expect(await history(owner, id)).toEqual(legacyShown);
    await opportunities().updateOne({ _id: id }, { $set: { history: [] } });
  });

  it('keeps the history through a deletion to the bin and its restoration', async () => {
    const id = await worked(owner);
    const before = await history(owner, id);
    const deleted = await k.post('/api/opportunity/delete', { ...k.as(owner), opportunityId: id });
    expect(deleted.status).toBe(200);
    expect((await k.post('/api/opportunity/get', { ...k.as(owner), opportunityId: id })).status).toBe(404);
    const bin = await k.post('/api/bin/list', k.as(owner));
    const record = (bin.body.value as { _id: string; kind: string }[]).find(
      (item) => item.kind === 'opportunity',
    );
    expect((await k.post('/api/bin/restore', { ...k.as(owner), binId: record?._id })).status).toBe(200);
    expect(await history(owner, id)).toEqual(before);
  });
});

describe('opportunity history under the audit log’s retention', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let row = 0;

  beforeAll(async () => {
    t = createTestApp({ env: { AUDIT_RETENTION_DAYS: '1' } });
    await t.app.locals.ready;
    k = kit(t);
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  const post = (path: string, who: Member, body: Record<string, unknown> = {}) =>
    k.post(path, { ...k.as(who), ...body });
  async function history(who: Member, opportunityId: string): Promise<HistoryLine[]> {
    const res = await post('/api/opportunity/get', who, { opportunityId });
    expect(res.status).toBe(200);
    return res.body.opportunity.history as HistoryLine[];
  }
  async function worked(who: Member): Promise<string> {
    row += 1;
    const { excelId } = await k.loadOk(who, [rowOf(row)]);
    const page = await k.page(who, excelId);
    const id = (await post('/api/opportunity/create', who, { prospectId: page.body.value[0]._id })).body
      .opportunityId as string;
    t.clock.advance(60_000);
    expect((await post('/api/opportunity/setLoose', who, { opportunityId: id })).status).toBe(200);
    t.clock.advance(60_000);
    expect((await post('/api/opportunity/setWin', who, { opportunityId: id })).status).toBe(200);
    return id;
  }
  const linesOf = (opportunityId: string) =>
    t.store.collection<AuditRow>('auditLog').find({ opportunityId }, { sort: { at: 1, _id: 1 } });

  it('keeps the state-change history of a live opportunity and of one in the bin past retention, not of one gone', async () => {
    const organisation = await k.owner('Société Rétention');
    const gone = await worked(organisation);
    const live = await worked(organisation);
    const binned = await worked(organisation);
    const liveHistory = await history(organisation, live);
    const binnedHistory = await history(organisation, binned);
    // One deleted and purged with the bin (its record dated 31 days back: the purge's age); another
    // deleted, still in the bin.
    expect((await post('/api/opportunity/delete', organisation, { opportunityId: gone })).status).toBe(200);
    const bin = t.store.collection<{ _id: string; deletedAt: number }>('bin');
    const [goneRecord] = await bin.find({});
    await bin.updateOne({ _id: goneRecord?._id ?? '' }, { $set: { deletedAt: t.clock.now() - 31 * DAY_MS } });
    t.clock.advance(DAY_MS); // the start's purge did today's
    expect(await t.app.locals.runBinPurge()).toBe(1);
    expect((await post('/api/opportunity/delete', organisation, { opportunityId: binned })).status).toBe(200);
    t.clock.advance(2 * DAY_MS);

    // Past the day kept: the other records of that time go (the imports), the lines of the gone one too.
    expect(await t.app.locals.sweepAudit()).toBeGreaterThanOrEqual(3);
    expect(await linesOf(gone)).toEqual([]);
    expect(await linesOf(live)).toHaveLength(3);
    expect(await linesOf(binned)).toHaveLength(3);
    expect(
      await t.store
        .collection<AuditRow>('auditLog')
        .countDocuments({ organisationId: organisation.organisationId, kind: 'imported' }),
    ).toBe(0);
    expect(await history(organisation, live)).toEqual(liveHistory);

    const listed = await post('/api/bin/list', organisation);
    const record = (listed.body.value as { _id: string; kind: string }[]).find(
      (item) => item.kind === 'opportunity',
    );
    expect((await post('/api/bin/restore', organisation, { binId: record?._id })).status).toBe(200);
    expect(await history(organisation, binned)).toEqual(binnedHistory);
  });
});
