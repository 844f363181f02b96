// The reports (issue 22): what each prospect file and each salesperson turns into. Every figure is a
// group computed by the store through the owning components' ports (no document is read here), over
// what the caller may see in the lists. docs/decisions/reports.md.
import {
  type FileReportLine,
  type FileReportReply,
  FOLLOW_UP_WEEKS,
  type GeographyLine,
  type GeographyReportReply,
  type ReportChoicesReply,
  type ReportFilters,
  type ReportGranularity,
  type SalespersonReportLine,
  type SalespersonReportReply,
  type TimelineReportReply,
  type UserRef,
  calendarDay,
  emptyStateCounts,
  isOpportunityState,
  isoDayOf,
  reportBoundaries,
  reportRange,
  startOfCalendarDay,
  defaultGranularity,
} from '@app/domain';
import type { GroupRow } from '../../db/types';
import type { Actor, MessageReportFigures } from '../messages/module';
import type { OpportunityNarrowing, OpportunityReportFigures } from '../opportunities/module';
import type { ProspectReportFigures } from '../prospects/module';

/** The ports the reports read through, handed over by app.ts. */
export type ReportSources = {
  opportunities: OpportunityReportFigures;
  comments: MessageReportFigures;
  prospects: ProspectReportFigures;
  statuses(organisationId: string): Promise<{ status: { name: string }[] }>;
  users(ids: string[]): Promise<UserRef[]>;
};

export type ReportsDeps = { sources: ReportSources; now: () => number; timeZone: string };

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  private narrowing(filters: ReportFilters): OpportunityNarrowing {
    return {
      ...(filters.userId ? { userId: filters.userId } : {}),
      ...(filters.excelId ? { excelId: filters.excelId } : {}),
    };
  }

  /** A WAITING whose date has passed (or is now) is a TODO in the lists: bucket 0 of [0, now + 1). */
  private overdueKey() {
    return { field: 'waitingDate', boundaries: [0, this.deps.now() + 1] };
  }

  /** The files and salespeople the filters offer: those the caller sees. */
  async choices(actor: Actor): Promise<ReportChoicesReply> {
    const { sources } = this.deps;
    const [files, holders] = await Promise.all([
      sources.prospects.files(actor.organisationId, actor.userId),
      sources.opportunities.holders(actor),
    ]);
    const users = await sources.users(holders);
    return {
      files: files.map(({ excelId, name }) => ({ excelId, name })),
      salespeople: users
        .map((user) => ({ userId: user._id, username: user.username }))
        .sort((a, b) => a.username.localeCompare(b.username, 'fr')),
    };
  }

  /** Per prospect file: taken in the period, reached, by state, conversion and median delays. */
  async files(actor: Actor, filters: ReportFilters): Promise<FileReportReply> {
    const { sources } = this.deps;
    const range = reportRange(filters, this.deps.now(), this.deps.timeZone);
    const narrowing = { ...this.narrowing(filters), takenIn: range };
    // One pass over the period's opportunities: each figure counts the rows its condition keeps
    // (a WAITING is overdue when its date is now or past: a TODO in the lists, not waiting).
    const commented = { firstCommentAt: { from: 0, to: Number.MAX_SAFE_INTEGER } };
    const [files, byFile] = await Promise.all([
      sources.prospects.files(actor.organisationId, actor.userId),
      sources.opportunities.group(actor, narrowing, {
        by: { excelId: 'excelId' },
        totals: {
          taken: { $count: true },
          waiting: { $count: true, if: { state: 'WAITING' } },
          overdue: {
            $count: true,
            if: { state: 'WAITING', waitingDate: { from: 0, to: this.deps.now() + 1 } },
          },
          win: { $count: true, if: { state: 'WIN' } },
          loose: { $count: true, if: { state: 'LOOSE' } },
          reached: { $count: true, if: commented },
          toWin: { $median: ['stateChangedAt', 'creationDate'], if: { state: 'WIN' } },
          toComment: { $median: ['firstCommentAt', 'creationDate'], if: commented },
        },
      }),
    ]);
    const lines = files
      .filter((file) => filters.excelId === undefined || file.excelId === filters.excelId)
      .map((file): FileReportLine => ({
        ...file,
        taken: 0,
        reached: 0,
        waiting: 0,
        win: 0,
        loose: 0,
        conversion: null,
        medianToFirstComment: null,
        medianToWin: null,
      }));
    const lineOf = new Map(lines.map((line) => [line.excelId, line]));
    for (const row of byFile) {
      const line = lineOf.get(text(row.excelId));
      if (!line) continue; // manual opportunities, or a file the caller does not see
      line.taken = num(row.taken);
      line.waiting = num(row.waiting) - num(row.overdue);
      line.win = num(row.win);
      line.loose = num(row.loose);
      line.reached = num(row.reached);
      line.medianToWin = typeof row.toWin === 'number' ? row.toWin : null;
      line.medianToFirstComment = typeof row.toComment === 'number' ? row.toComment : null;
    }
    for (const line of lines) line.conversion = ratio(line.win, line.taken);
    return { range, files: lines };
  }

  /** Per salesperson: held by state now, closed in the period, overdue follow-ups, comments per bucket. */
  async salespeople(actor: Actor, filters: ReportFilters): Promise<SalespersonReportReply> {
    const { sources } = this.deps;
    const now = this.deps.now();
    const range = reportRange(filters, now, this.deps.timeZone);
    const granularity = filters.granularity ?? defaultGranularity(range);
    const boundaries = reportBoundaries(range, granularity, this.deps.timeZone);
    const narrowing = this.narrowing(filters);
    const seesAll = sources.opportunities.seesAll(actor);
    const [held, closed, hidden, statuses] = await Promise.all([
      sources.opportunities.group(actor, narrowing, {
        by: { userId: 'userId', state: 'state', overdue: this.overdueKey() },
        totals: { count: { $count: true } },
      }),
      sources.opportunities.group(
        actor,
        { ...narrowing, changedIn: range, states: ['WIN', 'LOOSE'] },
        { by: { userId: 'userId', state: 'state' }, totals: { count: { $count: true } } },
      ),
      sources.opportunities.hiddenFrom(actor),
      sources.statuses(actor.organisationId),
    ]);
    // Who sees only their own opportunities counts only their own comments.
    const author = seesAll ? filters.userId : actor.userId;
    const comments = await sources.comments.commentsByAuthor({
      organisationId: actor.organisationId,
      from: range.from,
      to: range.to,
      ...(author !== undefined ? { userId: author } : {}),
      hiddenOpportunityIds: hidden,
      boundaries,
    });
    const lines = new Map<string, SalespersonReportLine>();
    const lineOf = (userId: string) => {
      let line = lines.get(userId);
      if (!line) {
        line = {
          userId,
          username: '',
          held: emptyStateCounts(),
          winInPeriod: 0,
          looseInPeriod: 0,
          overdueFollowUps: 0,
          comments: 0,
        };
        lines.set(userId, line);
      }
      return line;
    };
    for (const row of held) {
      if (!isOpportunityState(row.state)) continue;
      const line = lineOf(text(row.userId));
      const count = num(row.count);
      const overdue = row.state === 'WAITING' && row.overdue === 0;
      line.held[overdue ? 'TODO' : row.state] += count;
      if (overdue) line.overdueFollowUps += count;
    }
    for (const row of closed) {
      const line = lineOf(text(row.userId));
      if (row.state === 'WIN') line.winInPeriod += num(row.count);
      else line.looseInPeriod += num(row.count);
    }
    const buckets = boundaries.slice(0, -1).map((start) => ({
      start: isoDayOf(start, this.deps.timeZone),
      counts: [] as { userId: string; status: string; count: number }[],
    }));
    const met = new Set<string>();
    for (const row of comments) {
      const bucket = typeof row.bucket === 'number' ? buckets[row.bucket] : undefined;
      if (!bucket) continue;
      const userId = text(row.userId);
      const status = text(row.status);
      met.add(status);
      bucket.counts.push({ userId, status, count: num(row.count) });
      lineOf(userId).comments += num(row.count);
    }
    const users = await sources.users([...lines.keys()]);
    for (const user of users) {
      const line = lines.get(user._id);
      if (line) line.username = user.username;
    }
    const known = statuses.status.map((status) => status.name);
    return {
      range,
      granularity,
      salespeople: [...lines.values()]
        .map((line) => ({ ...line, username: line.username || 'Utilisateur supprimé' }))
        .sort((a, b) => a.username.localeCompare(b.username, 'fr')),
      statuses: [
        ...known.filter((name) => met.has(name)),
        ...[...met].filter((name) => !known.includes(name)),
      ],
      comments: buckets,
    };
  }

  /** WIN and LOOSE per bucket of the period; follow-ups due in each coming week. */
  async timeline(actor: Actor, filters: ReportFilters): Promise<TimelineReportReply> {
    const { sources, timeZone } = this.deps;
    const now = this.deps.now();
    const range = reportRange(filters, now, timeZone);
    const granularity: ReportGranularity = filters.granularity ?? 'week';
    const boundaries = reportBoundaries(range, granularity, timeZone);
    const today = calendarDay(now, timeZone);
    const nextMonday = today - ((today + 3) % 7) + 7;
    const weeks = [
      now,
      ...Array.from({ length: FOLLOW_UP_WEEKS }, (_, index) =>
        startOfCalendarDay(nextMonday + 7 * index, timeZone),
      ),
    ];
    const narrowing = this.narrowing(filters);
    const [closed, due] = await Promise.all([
      sources.opportunities.group(
        actor,
        { ...narrowing, changedIn: range, states: ['WIN', 'LOOSE'] },
        {
          by: { state: 'state', bucket: { field: 'stateChangedAt', boundaries } },
          totals: { count: { $count: true } },
        },
      ),
      sources.opportunities.group(
        actor,
        { ...narrowing, states: ['WAITING'] },
        { by: { week: { field: 'waitingDate', boundaries: weeks } }, totals: { count: { $count: true } } },
      ),
    ]);
    const closedBuckets = boundaries
      .slice(0, -1)
      .map((start) => ({ start: isoDayOf(start, timeZone), win: 0, loose: 0 }));
    for (const row of closed) {
      const bucket = typeof row.bucket === 'number' ? closedBuckets[row.bucket] : undefined;
      if (!bucket) continue;
      if (row.state === 'WIN') bucket.win += num(row.count);
      else bucket.loose += num(row.count);
    }
    const followUps = weeks.slice(0, -1).map((start) => ({ start: isoDayOf(start, timeZone), due: 0 }));
    for (const row of due) {
      const bucket = typeof row.week === 'number' ? followUps[row.week] : undefined;
      if (bucket) bucket.due += num(row.count);
    }
    return { range, granularity, closed: closedBuckets, followUps };
  }

  /** By département, région and activity: the prospects taken in the period, won and lost (their current state). */
  async geography(actor: Actor, filters: ReportFilters): Promise<GeographyReportReply> {
    const { sources } = this.deps;
    const range = reportRange(filters, this.deps.now(), this.deps.timeZone);
    const seesAll = sources.opportunities.seesAll(actor);
    const takenBy = seesAll ? filters.userId : actor.userId;
    const query = (field: 'departement' | 'region' | 'libelleactivite') =>
      sources.prospects.takenBy({
        organisationId: actor.organisationId,
        userId: actor.userId,
        ...(takenBy !== undefined ? { takenBy } : {}),
        ...(filters.excelId ? { excelId: filters.excelId } : {}),
        takenIn: range,
        field,
      });
    const [departements, regions, activities] = await Promise.all([
      query('departement'),
      query('region'),
      query('libelleactivite'),
    ]);
    return {
      departements: geographyLines(departements),
      regions: geographyLines(regions),
      activities: geographyLines(activities),
    };
  }
}

/** One line per label (an empty one reads « Non renseigné »), most taken first. */
function geographyLines(rows: GroupRow[]): GeographyLine[] {
  const lines = new Map<string, GeographyLine>();
  for (const row of rows) {
    const label = text(row.label).trim() || 'Non renseigné';
    let line = lines.get(label);
    if (!line) {
      line = { label, taken: 0, win: 0, loose: 0, conversion: null };
      lines.set(label, line);
    }
    line.taken += num(row.count);
    if (row.state === 'WIN') line.win += num(row.count);
    if (row.state === 'LOOSE') line.loose += num(row.count);
  }
  return [...lines.values()]
    .map((line) => ({ ...line, conversion: ratio(line.win, line.taken) }))
    .sort((a, b) => b.taken - a.taken || a.label.localeCompare(b.label, 'fr'));
}
