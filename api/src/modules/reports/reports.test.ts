// The reports agree with what happened: an organisation is built through the API over several
// simulated days (import, take, comment, change states, with the app's clock), every action is also
// written down here, and each figure of each report is checked against counts made from that log.
import {
  type FileReportReply,
  type GeographyReportReply,
  PERMISSION,
  reportBoundaries,
  reportRange,
  type ReportFilters,
  type SalespersonReportReply,
  type TimelineReportReply,
  isoDayOf,
  FOLLOW_UP_WEEKS,
  calendarDay,
  startOfCalendarDay,
} from '@app/domain';
import { kit, MAPPING, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import pino from 'pino';
import { createApp } from '../../app';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SELLER_BITS =
  PERMISSION.VIEW_PROSPECTS |
  PERMISSION.CREATE_PROSPECT |
  PERMISSION.CHANGE_STATE |
  PERMISSION.COMMENT |
  PERMISSION.IMPORT_CAMPAIGN;

type Opportunity = {
  id: string;
  file: string;
  owner: string;
  isPrivate: boolean;
  fileOwner: string;
  takenAt: number;
  departement: string;
  activity: string;
  comments: { at: number; by: string; status: string }[];
  state: 'TODO' | 'WAITING' | 'WIN' | 'LOOSE';
  stateAt: number;
  waitingDate?: number;
};

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? sorted[middle]
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

describe('reports', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let manager: Member; // the owner: Administrateur, sees every opportunity but others' private files
  let seller: Member; // "Voir les rapports" without seeing the others' opportunities
  let plain: Member; // no "Voir les rapports"
  const log: Opportunity[] = [];
  const files: { id: string; name: string; imported: number; isPrivate: boolean; owner: string }[] = [];
  let statuses: { _id: string; name: string }[];

  const ok = async <T>(path: string, who: Member, body: Record<string, unknown> = {}): Promise<T> => {
    const res = await k.post(path, { ...k.as(who), ...body });
    if (res.status !== 200) throw new Error(`${path} ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };

  async function importFile(who: Member, name: string, rows: number, isPrivate: boolean, first: number) {
    const { excelId } = await k.loadOk(
      who,
      Array.from({ length: rows }, (_, i) =>
        rowOf(first + i, {
          CP: i % 2 === 0 ? '75001' : '69002',
          Activité: i % 3 === 0 ? 'Boulangerie' : 'Conseil',
        }),
      ),
      { name, isPrivate, value: { ...MAPPING, libelleactivite: 'Activité' } },
    );
    files.push({ id: excelId, name, imported: rows, isPrivate, owner: who.userId });
    const page = await k.page(who, excelId, { limit: 100 });
    return (page.body.value as { _id: string; codePostale: string; libelleactivite: string }[]).map(
      (prospect) => ({
        id: prospect._id,
        departement: prospect.codePostale.startsWith('75') ? '75' : '69',
        activity: prospect.libelleactivite,
      }),
    );
  }

  async function take(
    who: Member,
    prospect: { id: string; departement: string; activity: string },
    file: string,
  ) {
    const { opportunityId } = await ok<{ opportunityId: string }>('/api/opportunity/create', who, {
      prospectId: prospect.id,
    });
    const meta = files.find((candidate) => candidate.id === file)!;
    const opportunity: Opportunity = {
      id: opportunityId,
      file,
      owner: who.userId,
      isPrivate: meta.isPrivate,
      fileOwner: meta.owner,
      takenAt: t.clock.now(),
      departement: prospect.departement,
      activity: prospect.activity,
      comments: [],
      state: 'TODO',
      stateAt: t.clock.now(),
    };
    log.push(opportunity);
    return opportunity;
  }

  async function comment(who: Member, opportunity: Opportunity, status: string) {
    const statusId = statuses.find((candidate) => candidate.name === status)!._id;
    await ok('/api/messages/post', who, { opportunityId: opportunity.id, statusId, message: 'Point fait' });
    opportunity.comments.push({ at: t.clock.now(), by: who.userId, status });
  }

  async function setState(
    who: Member,
    opportunity: Opportunity,
    state: 'WIN' | 'LOOSE' | 'WAITING',
    date?: number,
  ) {
    const path = state === 'WIN' ? 'setWin' : state === 'LOOSE' ? 'setLoose' : 'setWaiting';
    await ok(`/api/opportunity/${path}`, who, { opportunityId: opportunity.id, ...(date ? { date } : {}) });
    opportunity.state = state;
    opportunity.stateAt = t.clock.now();
    opportunity.waitingDate = date;
  }

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    // Monday 6 January 2025, 10:00 in Paris.
    t.clock.set(Date.UTC(2025, 0, 6, 9, 0));
    manager = await k.owner('Organisation Rapports');
    seller = await k.member(manager, 'Commercial rapports', String(SELLER_BITS | PERMISSION.VIEW_REPORTS));
    plain = await k.member(manager, 'Commercial simple', String(SELLER_BITS));
    statuses = (await ok<{ status: { _id: string; name: string }[] }>('/api/opportunity/status', manager))
      .status;

    const north = await importFile(manager, 'Fichier Nord', 8, false, 0);
    const south = await importFile(manager, 'Fichier Sud', 5, false, 100);
    const secret = await importFile(seller, 'Fichier privé', 3, true, 200);
    const [n, s, p] = [files[0]!.id, files[1]!.id, files[2]!.id];

    // Day 0: the seller takes four from the north file and two of their private file; plain two from the south.
    const a = [];
    for (const prospect of north.slice(0, 4)) a.push(await take(seller, prospect, n));
    const mine = [await take(seller, secret[0]!, p), await take(seller, secret[1]!, p)];
    const b = [await take(plain, south[0]!, s), await take(plain, south[1]!, s)];
    await comment(seller, a[0]!, 'Appel Abouti');
    t.clock.advance(3 * HOUR);
    await comment(seller, a[1]!, 'Mail');
    await comment(plain, b[0]!, 'Appel non Abouti');
    await comment(seller, mine[0]!, 'PP');

    // Day 1: a win, a follow-up due on day 2, and the manager takes one himself.
    t.clock.advance(DAY);
    await comment(seller, a[0]!, 'PP Validé');
    await setState(seller, a[0]!, 'WIN');
    await setState(seller, a[1]!, 'WAITING', t.clock.now() + DAY);
    const own = await take(manager, north[5]!, n);
    await comment(manager, own, 'Mail');
    await setState(seller, mine[0]!, 'WIN');

    // Day 3: the follow-up is overdue; a loss; a follow-up in two weeks.
    t.clock.advance(2 * DAY);
    await comment(plain, b[0]!, 'Appel Abouti');
    await setState(plain, b[0]!, 'LOOSE');
    await setState(plain, b[1]!, 'WAITING', t.clock.now() + 14 * DAY);
    await comment(seller, a[2]!, 'Appel non Abouti');

    // Day 10 (the next week): another win and a comment late in the evening.
    t.clock.advance(7 * DAY);
    await setState(seller, a[2]!, 'WIN');
    t.clock.advance(10 * HOUR);
    await comment(seller, a[3]!, 'Mail');
    await setState(seller, a[3]!, 'WAITING', t.clock.now() + 30 * DAY);
  }, 60_000);

  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  /** What `viewer` may see of the log: the lists' rule. */
  const visibleTo = (viewer: Member) => {
    const seesAll = viewer === manager;
    return log.filter((o) =>
      seesAll
        ? !o.isPrivate || o.fileOwner === viewer.userId || o.owner === viewer.userId
        : o.owner === viewer.userId,
    );
  };

  const expectedFiles = (viewer: Member, filters: ReportFilters) => {
    const now = t.clock.now();
    const range = reportRange(filters, now);
    return files
      .filter((file) => !file.isPrivate || file.owner === viewer.userId)
      .filter((file) => !filters.excelId || file.id === filters.excelId)
      .map((file) => {
        const taken = visibleTo(viewer).filter(
          (o) =>
            o.file === file.id &&
            o.takenAt >= range.from &&
            o.takenAt < range.to &&
            (!filters.userId || o.owner === filters.userId),
        );
        const win = taken.filter((o) => o.state === 'WIN');
        const reached = taken.filter((o) => o.comments.length > 0);
        return {
          excelId: file.id,
          name: file.name,
          imported: file.imported,
          taken: taken.length,
          reached: reached.length,
          waiting: taken.filter((o) => o.state === 'WAITING' && (o.waitingDate ?? 0) > now).length,
          win: win.length,
          loose: taken.filter((o) => o.state === 'LOOSE').length,
          conversion: taken.length ? win.length / taken.length : null,
          medianToFirstComment: median(
            reached.map((o) => Math.min(...o.comments.map((c) => c.at)) - o.takenAt),
          ),
          medianToWin: median(win.map((o) => o.stateAt - o.takenAt)),
        };
      });
  };

  const byName = <L extends { name: string }>(lines: L[]) =>
    [...lines].sort((a, b) => a.name.localeCompare(b.name));

  const FILTERS: ReportFilters[] = [
    { period: '30days' },
    { period: 'week' },
    { period: 'custom', from: '2025-01-06', to: '2025-01-07' },
    { period: 'month', userId: '' as string },
  ];

  it('per prospect file: imported, taken, reached, by state, conversion and median delays agree with the log', async () => {
    for (const viewer of [manager, seller]) {
      for (const base of FILTERS) {
        const filters = { ...base, ...(base.userId === '' ? { userId: seller.userId } : {}) };
        const reply = await ok<FileReportReply>('/api/report/files', viewer, filters);
        expect([viewer === manager ? 'manager' : 'seller', filters, byName(reply.files)]).toEqual([
          viewer === manager ? 'manager' : 'seller',
          filters,
          byName(expectedFiles(viewer, filters)),
        ]);
      }
      const one = { period: '30days' as const, excelId: files[0]!.id };
      expect((await ok<FileReportReply>('/api/report/files', viewer, one)).files).toEqual(
        expectedFiles(viewer, one),
      );
    }
    // The figures are not empty: the test would prove nothing otherwise.
    const all = byName(expectedFiles(manager, { period: '30days' }));
    expect(all.map((line) => [line.name, line.taken, line.win])).toEqual([
      ['Fichier Nord', 5, 2],
      ['Fichier Sud', 2, 0],
    ]);
    expect(expectedFiles(seller, { period: '30days' }).map((line) => line.name)).toContain('Fichier privé');
  });

  it('per salesperson: held by state, closed in the period, overdue follow-ups and comments per day agree', async () => {
    for (const viewer of [manager, seller]) {
      for (const filters of [{ period: '30days' }, { period: 'week' }] as ReportFilters[]) {
        const reply = await ok<SalespersonReportReply>('/api/report/salespeople', viewer, filters);
        const now = t.clock.now();
        const range = reportRange(filters, now);
        const boundaries = reportBoundaries(range, 'day');
        const visible = visibleTo(viewer);
        const owners = [...new Set(visible.map((o) => o.owner))];
        const comments = visible
          .flatMap((o) => o.comments)
          .filter(
            (c) => (viewer === manager || c.by === viewer.userId) && c.at >= range.from && c.at < range.to,
          );
        const expected = owners.map((owner) => {
          const held = visible.filter((o) => o.owner === owner);
          const overdue = held.filter((o) => o.state === 'WAITING' && (o.waitingDate ?? 0) <= now).length;
          const closedIn = (state: string) =>
            held.filter((o) => o.state === state && o.stateAt >= range.from && o.stateAt < range.to).length;
          return {
            userId: owner,
            held: {
              TODO: held.filter((o) => o.state === 'TODO').length + overdue,
              WAITING: held.filter((o) => o.state === 'WAITING').length - overdue,
              WIN: held.filter((o) => o.state === 'WIN').length,
              LOOSE: held.filter((o) => o.state === 'LOOSE').length,
            },
            winInPeriod: closedIn('WIN'),
            looseInPeriod: closedIn('LOOSE'),
            overdueFollowUps: overdue,
            comments: comments.filter((c) => c.by === owner).length,
          };
        });
        const got = reply.salespeople.map(({ username: _name, ...line }) => line);
        const byId = (a: { userId: string }, b: { userId: string }) => a.userId.localeCompare(b.userId);
        expect(got.filter((line) => owners.includes(line.userId)).sort(byId)).toEqual(expected.sort(byId));
        // Every comment lands in the day it was written (Paris time).
        const perDay = boundaries.slice(0, -1).map((start, index) => ({
          start: isoDayOf(start),
          total: comments.filter((c) => c.at >= start && c.at < boundaries[index + 1]!).length,
        }));
        expect(
          reply.comments.map((bucket) => ({
            start: bucket.start,
            total: bucket.counts.reduce((n, c) => n + c.count, 0),
          })),
        ).toEqual(perDay);
      }
    }
    const [line] = (await ok<SalespersonReportReply>('/api/report/salespeople', seller, { period: '30days' }))
      .salespeople;
    expect(line).toMatchObject({ username: 'Martin Paul', held: { WIN: 3 }, overdueFollowUps: 1 });
  });

  it('over time: WIN and LOOSE per week, follow-ups due per coming week', async () => {
    const now = t.clock.now();
    const filters: ReportFilters = { period: '30days', granularity: 'week' };
    const reply = await ok<TimelineReportReply>('/api/report/timeline', manager, filters);
    const range = reportRange(filters, now);
    const boundaries = reportBoundaries(range, 'week');
    const visible = visibleTo(manager);
    expect(reply.closed).toEqual(
      boundaries.slice(0, -1).map((start, index) => {
        const inBucket = (state: string) =>
          visible.filter((o) => o.state === state && o.stateAt >= start && o.stateAt < boundaries[index + 1]!)
            .length;
        return { start: isoDayOf(start), win: inBucket('WIN'), loose: inBucket('LOOSE') };
      }),
    );
    const today = calendarDay(now);
    const monday = today - ((today + 3) % 7) + 7;
    const weeks = [
      now,
      ...Array.from({ length: FOLLOW_UP_WEEKS }, (_, i) => startOfCalendarDay(monday + 7 * i)),
    ];
    expect(reply.followUps).toEqual(
      weeks.slice(0, -1).map((start, index) => ({
        start: isoDayOf(start),
        due: visible.filter(
          (o) => o.state === 'WAITING' && o.waitingDate! >= start && o.waitingDate! < weeks[index + 1]!,
        ).length,
      })),
    );
    expect(reply.closed.reduce((n, bucket) => n + bucket.win, 0)).toBe(2);
  });

  it('by département, région and activity: taken in the period, won and lost agree', async () => {
    // The last 30 days hold every take; 7 January (day 1) holds only the manager's own take.
    const periods: ReportFilters[] = [
      { period: '30days' },
      { period: 'custom', from: '2025-01-07', to: '2025-01-07' },
    ];
    for (const viewer of [manager, seller])
      for (const filters of periods) {
        const reply = await ok<GeographyReportReply>('/api/report/geography', viewer, filters);
        const range = reportRange(filters, t.clock.now());
        const visible = visibleTo(viewer).filter((o) => o.takenAt >= range.from && o.takenAt < range.to);
        const expectedOf = (label: (o: Opportunity) => string) =>
          [...new Set(visible.map(label))].map((value) => {
            const taken = visible.filter((o) => label(o) === value);
            const win = taken.filter((o) => o.state === 'WIN').length;
            return {
              label: value,
              taken: taken.length,
              win,
              loose: taken.filter((o) => o.state === 'LOOSE').length,
              conversion: win / taken.length,
            };
          });
        const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
        expect([...reply.departements].sort(byLabel)).toEqual(expectedOf((o) => o.departement).sort(byLabel));
        expect([...reply.activities].sort(byLabel)).toEqual(expectedOf((o) => o.activity).sort(byLabel));
        expect(reply.regions.reduce((n, line) => n + line.taken, 0)).toBe(visible.length);
        if (filters.period === 'custom') expect(visible.length).toBe(viewer === manager ? 1 : 0);
      }
  });

  it('dates the prospects taken before they recorded when, from their opportunity, once per store', async () => {
    const prospects = t.store.collection<{
      _id: string;
      isAccepted: boolean;
      opportunityId?: string;
      acceptedAt?: number;
    }>('prospects');
    const opportunities = t.store.collection<{ _id: string; creationDate: number }>('opportunities');
    /** Another API process starting on the same store: its start dates what needs it. */
    const restart = async () => {
      const other = createApp(t.config, {
        store: t.store,
        mailer: t.mailer,
        logger: pino({ level: 'silent' }),
        now: t.clock.now,
        digestSchedule: false,
      });
      await other.locals.ready;
      other.locals.stop();
    };
    expect(await prospects.countDocuments({ isAccepted: true })).toBe(log.length);
    // As a store written before issue 22 holds them.
    await prospects.updateMany({ isAccepted: true }, { $unset: { acceptedAt: true } });
    await t.store.collection('prospectMigrations').deleteMany({ _id: 'accepted-at-issue-22' });
    await restart();
    for (const prospect of await prospects.find({ isAccepted: true })) {
      const opportunity = await opportunities.findOne({ _id: prospect.opportunityId as string });
      expect(prospect.acceptedAt).toBe(opportunity?.creationDate);
    }
    const reply = await ok<GeographyReportReply>('/api/report/geography', manager, { period: '30days' });
    expect(reply.regions.reduce((n, line) => n + line.taken, 0)).toBe(visibleTo(manager).length);
    // Once: the marker stops a later start from scanning again.
    const [first] = await prospects.find({ isAccepted: true }, { limit: 1 });
    await prospects.updateOne({ _id: first!._id }, { $unset: { acceptedAt: true } });
    await restart();
    expect((await prospects.findOne({ _id: first!._id }))?.acceptedAt).toBeUndefined();
    await prospects.updateOne(
      { _id: first!._id },
      {
        $set: {
          acceptedAt: (await opportunities.findOne({ _id: first!.opportunityId as string }))!.creationDate,
        },
      },
    );
  });

  it('offers the files and salespeople the caller sees, private files as the lists allow', async () => {
    type Choices = { files: { name: string }[]; salespeople: { userId: string }[] };
    const forManager = await ok<Choices>('/api/report/filters', manager);
    expect(forManager.files.map((file) => file.name).sort()).toEqual(['Fichier Nord', 'Fichier Sud']);
    expect(forManager.salespeople.map((person) => person.userId).sort()).toEqual(
      [manager.userId, seller.userId, plain.userId].sort(),
    );
    const forSeller = await ok<Choices>('/api/report/filters', seller);
    expect(forSeller.files.map((file) => file.name).sort()).toEqual([
      'Fichier Nord',
      'Fichier Sud',
      'Fichier privé',
    ]);
    expect(forSeller.salespeople.map((person) => person.userId)).toEqual([seller.userId]);
  });

  it('counts comments per author, status and day by index seeks, leaving out others’ private files until a hand-over', async () => {
    // A second seller with a private file: comments on it and on a public opportunity, over two days.
    const other = await k.member(manager, 'Commercial privé', String(SELLER_BITS | PERMISSION.VIEW_REPORTS));
    const hiddenFile = await importFile(other, 'Fichier caché', 2, true, 300);
    const north = await k.page(manager, files[0]!.id, { limit: 100 });
    const free = (
      north.body.value as {
        _id: string;
        codePostale: string;
        libelleactivite: string;
        isAccepted?: boolean;
      }[]
    )
      .filter((prospect) => !prospect.isAccepted)
      .map((prospect) => ({ id: prospect._id, departement: '75', activity: prospect.libelleactivite }));
    const hidden = [
      await take(other, hiddenFile[0]!, files.at(-1)!.id),
      await take(other, hiddenFile[1]!, files.at(-1)!.id),
    ];
    const open = await take(other, free[0]!, files[0]!.id);
    await comment(other, hidden[0]!, 'Mail');
    await comment(other, open, 'Mail'); // same author, status and day as a hidden one
    await comment(other, hidden[1]!, 'PP');
    t.clock.advance(DAY);
    await comment(other, hidden[0]!, 'Mail');
    await comment(manager, open, 'Appel Abouti');

    /** Every (author, status, day) count of the report against the log, as `viewer` sees it. */
    const check = async (viewer: Member) => {
      for (const filters of [
        { period: '30days' },
        { period: 'custom', from: '2025-01-01', to: '2025-03-31', granularity: 'week' },
      ] as ReportFilters[]) {
        const reply = await ok<SalespersonReportReply>('/api/report/salespeople', viewer, filters);
        const range = reportRange(filters, t.clock.now());
        const boundaries = reportBoundaries(range, reply.granularity);
        const expected = boundaries.slice(0, -1).flatMap((start, index) => {
          const counts = new Map<string, number>();
          for (const o of visibleTo(viewer))
            for (const c of o.comments)
              if (
                (viewer === manager || c.by === viewer.userId) &&
                c.at >= start &&
                c.at < boundaries[index + 1]!
              )
                counts.set(`${c.by} ${c.status}`, (counts.get(`${c.by} ${c.status}`) ?? 0) + 1);
          return [...counts].map(([key, count]) => `${isoDayOf(start)} ${key} ${count}`);
        });
        const got = reply.comments.flatMap((bucket) =>
          bucket.counts.map((c) => `${bucket.start} ${c.userId} ${c.status} ${c.count}`),
        );
        expect(got.sort()).toEqual(expected.sort());
      }
    };
    await check(manager);
    await check(other);
    // The figures hold what the test is about: the public comment of `other` counts for the manager,
    // the private ones do not.
    const mine = await ok<SalespersonReportReply>('/api/report/salespeople', manager, { period: '30days' });
    const ofOther = mine.comments.flatMap((bucket) => bucket.counts.filter((c) => c.userId === other.userId));
    expect(ofOther).toEqual([{ userId: other.userId, status: 'Mail', count: 1 }]);

    // `other` leaves: everything they held goes to the manager, who now sees the private file's comments.
    const removed = await k.post('/api/user/remove', {
      ...k.as(manager),
      userId: other.userId,
      reassignTo: manager.userId,
    });
    expect(removed.status).toBe(200);
    for (const o of log) if (o.owner === other.userId) o.owner = manager.userId;
    await check(manager);
    const after = await ok<SalespersonReportReply>('/api/report/salespeople', manager, { period: '30days' });
    expect(
      after.comments
        .flatMap((bucket) => bucket.counts.filter((c) => c.userId === other.userId))
        .reduce((n, c) => n + c.count, 0),
    ).toBe(4);
  });

  it('offers as salespeople exactly the holders of an opportunity the caller sees, a holder of hidden ones only to themselves', async () => {
    type Choices = { salespeople: { userId: string; username: string }[] };
    const offered = async (viewer: Member) =>
      (await ok<Choices>('/api/report/filters', viewer)).salespeople.map((person) => person.userId);
    const holders = (viewer: Member) => [...new Set(visibleTo(viewer).map((o) => o.owner))].sort();
    // A member who holds only opportunities of their own private file, and one who holds nothing.
    const hider = await k.member(
      manager,
      'Commercial discret',
      String(SELLER_BITS | PERMISSION.VIEW_REPORTS),
    );
    const idle = await k.member(
      manager,
      'Commercial sans dossier',
      String(SELLER_BITS | PERMISSION.VIEW_REPORTS),
    );
    const privateRows = await importFile(hider, 'Fichier discret', 2, true, 400);
    await take(hider, privateRows[0]!, files.at(-1)!.id);
    await take(hider, privateRows[1]!, files.at(-1)!.id);
    for (const viewer of [manager, seller, hider, idle])
      expect([viewer.userId, (await offered(viewer)).sort()]).toEqual([viewer.userId, holders(viewer)]);
    expect(await offered(manager)).not.toContain(hider.userId);
    expect(await offered(hider)).toEqual([hider.userId]);
    expect(await offered(idle)).toEqual([]);

    // Once they hold a public one, the manager is offered them too, the list still by name.
    const north = await k.page(manager, files[0]!.id, { limit: 100 });
    const free = (north.body.value as { _id: string; libelleactivite: string; isAccepted?: boolean }[]).find(
      (prospect) => !prospect.isAccepted,
    )!;
    await take(hider, { id: free._id, departement: '75', activity: free.libelleactivite }, files[0]!.id);
    const forManager = (await ok<Choices>('/api/report/filters', manager)).salespeople;
    expect(forManager.map((person) => person.userId).sort()).toEqual(holders(manager));
    expect(forManager.map((person) => person.userId)).toContain(hider.userId);
    const names = forManager.map((person) => person.username);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
  });

  it('refuses a member whose role lacks "Voir les rapports" (403), and bad filters in French', async () => {
    for (const path of ['filters', 'files', 'salespeople', 'timeline', 'geography']) {
      const res = await k.post(`/api/report/${path}`, { ...k.as(plain), period: 'week' });
      expect([path, res.status]).toEqual([path, 403]);
    }
    const bad = await k.post('/api/report/files', {
      ...k.as(manager),
      period: 'custom',
      from: '2025-02-01',
      to: '2025-01-01',
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'La date de début doit précéder la date de fin']);
  });
});
