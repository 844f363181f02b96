// The morning e-mail's use cases: the day's run (each licensed member, once per organisation and day,
// claimed in the store before the e-mail leaves), the member's choice, and the signed unsubscribe
// link (docs/decisions/morning-digest.md).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DIGEST_MESSAGES,
  type DigestPreferenceReply,
  formatDateInZone,
  formatDays,
  parseIsoDate,
  yieldToEventLoop,
  calendarDaysBetween,
  zonedParts,
} from '@app/domain';
import type { Logger } from 'pino';
import type { OrganisationAccess } from '../../http/organisation-access';
import { type Mailer, SMTP_POOL_CONNECTIONS } from '../../mail/mailer';
import type { MemberFollowUps } from '../follow-ups/module';
import { type DigestLine, morningDigestMail } from '../../mail/templates';
import type { AgendaEntry, AgendaQuery, MemberAgenda } from './agenda-query';
import { type DigestDay, digestDayOf } from './day';
import { type DigestRepository, MAX_ATTEMPTS } from './repository';
import { type SignedScope, signScope, UNSUBSCRIBE_PURPOSE, verifyScope } from './signed-links';

/** The other components' answers the morning e-mail needs, handed over by the composition root. */
export type DigestPorts = {
  /** Every organisation (id and name), a page at a time. */
  organisationPages(): AsyncIterable<readonly { _id: string; name: string }[]>;
  organisationName(organisationId: string): Promise<string | null>;
  /** The members holding a valid licence in the organisation (licences). */
  licensedMembers(organisationId: string): Promise<readonly string[]>;
  isMember(organisationId: string, userId: string): Promise<boolean>;
  /** Name and e-mail of the users found among `ids` (accounts). */
  publicUsers(ids: string[]): Promise<{ _id: string; email: string; username: string }[]>;
  /** The prospects found among `ids` in the organisation (prospects' catalogue). */
  prospectsOf(
    organisationId: string,
    ids: readonly string[],
  ): Promise<readonly { _id: string; prospect?: string; enseigne?: string; ville?: string }[]>;
  /** Members' follow-ups and renewals, a chunk of members per read (the follow-ups component). */
  followUps: MemberFollowUps;
};

export type DigestServiceDeps = DigestPorts & {
  repository: DigestRepository;
  agenda: AgendaQuery;
  mailer: Mailer;
  logger: Logger;
  now: () => number;
  publicUrl: string;
  digestHour: number;
  timeZone: string;
};

export type DigestRunSummary = {
  day: string;
  /** False before DIGEST_HOUR, or when the day was already done (by any process). */
  ran: boolean;
  sent: number;
  failed: number;
  /** Members with nothing to say (no e-mail). */
  empty: number;
};

/** Lines of a section shown in the e-mail; the rest is counted ("… et N autres"). */
export const LINES_PER_SECTION = 30;
/** How long a claim holds before another process may take it again (its holder died mid-send). */
export const CLAIM_HOLD_MS = 10 * 60 * 1000;
/** The app's list the "… et N autres" links open (overdue follow-ups show among "A faire"). */
const LIST_PATH = '/dashboard/opportunity/list/todo';
const ACCOUNT_PATH = '/dashboard/prospect/settings/compte';
/**
 * E-mails of one organisation built and sent side by side: as many as the mailer's pooled SMTP
 * connections, so no e-mail is built long before a connection can take it, and the run's CPU comes in
 * small pieces between the API's calls (docs/decisions/morning-digest.md).
 */
export const SEND_LANES = SMTP_POOL_CONNECTIONS;
/** Prospects' names are read this many at a time. */
const NAMES_CHUNK = 250;
/**
 * Each lane rests this long between two e-mails: the run spends more of its 60 s budget and its CPU
 * comes thinner between the API's calls (1,000 members: about 13 s more over two processes; the list
 * calls' p99 during the run, bench/digest.mjs).
 */
export const SEND_PACE_MS = 100;

export class DigestService {
  private running: Promise<DigestRunSummary> | null = null;
  private secret: Promise<string> | null = null;
  /** Made at the first run, not at start: the first Intl formatter loads the locale data. */
  private dateFormat: Intl.DateTimeFormat | null = null;

  constructor(private readonly deps: DigestServiceDeps) {}

  private dateLabel(date: Date): string {
    this.dateFormat ??= new Intl.DateTimeFormat('fr-FR', {
      timeZone: this.deps.timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    return this.dateFormat.format(date);
  }

  private signingSecret(): Promise<string> {
    this.secret ??= this.deps.repository.signingSecret().catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }

  // The day's run.

  /** Sends today's e-mails not sent yet, once the hour has come; one run at a time in this process. */
  runDue(): Promise<DigestRunSummary> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<DigestRunSummary> {
    const day = digestDayOf(this.deps.now(), this.deps.timeZone);
    const summary: DigestRunSummary = { day: day.day, ran: false, sent: 0, failed: 0, empty: 0 };
    if (day.hour < this.deps.digestHour) return summary;
    // The day's e-mails are made once, at the hour or at the first start after it: an organisation or
    // a follow-up that appears later in the day waits for the next morning. One read a minute.
    if (await this.deps.repository.isDayDone(day.day)) return summary;
    const startedAt = this.deps.now();
    await this.deps.repository.markDayStarted(day.day, startedAt);
    summary.ran = true;
    let complete = true;
    for await (const page of this.deps.organisationPages()) {
      const done = await this.deps.repository.doneOrganisations(
        day.day,
        page.map((organisation) => organisation._id),
      );
      for (const organisation of page) {
        if (done.has(organisation._id)) continue;
        const settled = await this.runOrganisation(organisation, day, summary);
        if (settled === 'day-over') return summary;
        if (settled)
          await this.deps.repository.markOrganisationDone(day.day, organisation._id, this.deps.now());
        else complete = false;
      }
    }
    if (complete) {
      await this.deps.repository.markDayDone(day.day, startedAt, this.deps.now());
      await this.deps.repository.pruneBefore(day.day);
    }
    return summary;
  }

  /**
   * One organisation's e-mails of the day. True when every member is settled (sent, nothing to say,
   * turned off, or out of attempts); false when a claim is still in flight or may be tried again;
   * 'day-over' when midnight passed during the run (a past day is never sent).
   */
  private async runOrganisation(
    organisation: { _id: string; name: string },
    day: DigestDay,
    summary: DigestRunSummary,
  ): Promise<boolean | 'day-over'> {
    const { repository } = this.deps;
    const organisationId = organisation._id;
    const licensed = await this.deps.licensedMembers(organisationId);
    if (licensed.length === 0) return true;
    const disabled = await repository.disabledAmong(organisationId, licensed);
    const claims = new Map(
      (await repository.claimsOf(organisationId, day.day)).map((doc) => [doc.userId, doc]),
    );
    let settled = true;
    const candidates: string[] = [];
    for (const userId of licensed) {
      if (disabled.has(userId)) continue;
      const claim = claims.get(userId);
      if (claim?.state === 'sent') continue;
      if (claim?.state === 'sending' && claim.until >= this.deps.now()) {
        settled = false; // another process is sending it now
        continue;
      }
      if (claim && claim.attempts >= MAX_ATTEMPTS) continue; // given up for the day
      candidates.push(userId);
    }
    if (candidates.length === 0) return settled;

    const agendas = await this.deps.agenda.agendas(organisationId, candidates, day);
    const recipients = candidates.filter((userId) => agendas.has(userId));
    summary.empty += candidates.length - recipients.length;
    if (recipients.length === 0) return settled;
    const names = await this.prospectNames(organisationId, [...agendas.values()]);
    const users = new Map((await this.deps.publicUsers(recipients)).map((user) => [user._id, user]));

    // A few e-mails leave side by side: each waits on the SMTP server's answers, not on the CPU.
    const queue = [...recipients];
    let dayOver = false;
    const lane = async () => {
      for (let userId = queue.shift(); userId !== undefined && !dayOver; userId = queue.shift()) {
        await sleep(SEND_PACE_MS);
        if (this.deps.now() >= day.startOfTomorrow) {
          dayOver = true;
          return;
        }
        const user = users.get(userId);
        const agenda = agendas.get(userId);
        if (!user || !agenda) continue;
        const outcome = await this.sendOne(organisation, user, agenda, names, day);
        if (outcome === 'sent') summary.sent += 1;
        // Lost to another process: settled only once that one has written how it went.
        if (outcome === 'elsewhere') settled = false;
        if (outcome === 'failed') {
          summary.failed += 1;
          settled = false;
        }
      }
    };
    await Promise.all(Array.from({ length: SEND_LANES }, lane));
    if (dayOver) return 'day-over';
    return settled;
  }

  /** Claims, builds and sends one member's e-mail; records how it went. */
  private async sendOne(
    organisation: { _id: string; name: string },
    user: { _id: string; email: string; username: string },
    agenda: MemberAgenda,
    names: Map<string, string>,
    day: DigestDay,
  ): Promise<'sent' | 'failed' | 'skipped' | 'elsewhere'> {
    const { repository } = this.deps;
    const organisationId = organisation._id;
    const userId = user._id;
    if (!(await this.deps.isMember(organisationId, userId))) return 'skipped';
    const key = { organisationId, userId, day: day.day };
    const token = randomUUID();
    if (!(await repository.claim(key, token, this.deps.now(), CLAIM_HOLD_MS))) return 'elsewhere';
    try {
      const message = morningDigestMail({
        to: user.email,
        username: user.username,
        organisationName: organisation.name,
        dateLabel: this.dateLabel(new Date(day.startOfToday + 12 * 60 * 60 * 1000)),
        ...this.lines(agenda, names, day),
        listLink: `${this.deps.publicUrl}${LIST_PATH}`,
        unsubscribeLink: await this.unsubscribeLink({ organisationId, userId }),
        accountLink: `${this.deps.publicUrl}${ACCOUNT_PATH}`,
      });
      await this.deps.mailer.send(message);
    } catch (error) {
      await repository.markFailed(key, token, error instanceof Error ? error.message : String(error));
      this.deps.logger.error({ err: error, organisationId, userId }, 'E-mail du matin non envoyé');
      return 'failed';
    }
    await repository.markSent(key, token, this.deps.now(), {
      today: agenda.today.length,
      overdue: agenda.overdue.length,
      renewals: agenda.renewals.length,
    });
    return 'sent';
  }

  private async prospectNames(organisationId: string, agendas: MemberAgenda[]): Promise<Map<string, string>> {
    const ids = [
      ...new Set(
        agendas.flatMap((agenda) =>
          [...agenda.today, ...agenda.overdue, ...agenda.renewals].map((entry) => entry.prospectId),
        ),
      ),
    ];
    const names = new Map<string, string>();
    for (let start = 0; start < ids.length; start += NAMES_CHUNK) {
      for (const prospect of await this.deps.prospectsOf(
        organisationId,
        ids.slice(start, start + NAMES_CHUNK),
      )) {
        const name = prospect.prospect?.trim() || prospect.enseigne?.trim() || 'Prospect sans nom';
        names.set(prospect._id, prospect.ville?.trim() ? `${name} (${prospect.ville.trim()})` : name);
      }
      await yieldToEventLoop();
    }
    return names;
  }

  private lines(agenda: MemberAgenda, names: Map<string, string>, day: DigestDay) {
    const { timeZone } = this.deps;
    const line = (entry: AgendaEntry, detail: string): DigestLine => ({
      label: names.get(entry.prospectId) ?? 'Prospect sans nom',
      detail,
      link: `${this.deps.publicUrl}/dashboard/opportunity/${entry.opportunityId}`,
    });
    const pad = (value: number) => String(value).padStart(2, '0');
    const time = (ms: number) => {
      const { hour, minute } = zonedParts(ms, timeZone);
      return `${pad(hour)}:${pad(minute)}`;
    };
    const shown = <T>(entries: T[]) => entries.slice(0, LINES_PER_SECTION);
    return {
      today: shown(agenda.today).map((entry) => line(entry, `relance prévue à ${time(entry.at)}`)),
      overdue: shown(agenda.overdue).map((entry) => {
        const late = calendarDaysBetween(entry.at, day.startOfToday, timeZone);
        return line(
          entry,
          `relance prévue le ${formatDateInZone(entry.at, timeZone)} (${formatDays(late)} de retard)`,
        );
      }),
      renewals: shown(agenda.renewals).map((entry) => {
        const end = entry.contractEnd ? parseIsoDate(entry.contractEnd) : null;
        const endText =
          end === null ? '' : `fin de contrat le ${formatDateInZone(end * 86_400_000, 'UTC')}, `;
        return line(entry, `${endText}à relancer le ${formatDateInZone(entry.at, timeZone)}`);
      }),
      more: {
        today: Math.max(0, agenda.today.length - LINES_PER_SECTION),
        overdue: Math.max(0, agenda.overdue.length - LINES_PER_SECTION),
        renewals: Math.max(0, agenda.renewals.length - LINES_PER_SECTION),
      },
    };
  }

  // The member's choice.

  async preference(access: OrganisationAccess): Promise<DigestPreferenceReply> {
    const enabled = await this.deps.repository.isEnabled(access.organisationId, access.userId);
    return { enabled, hour: this.deps.digestHour };
  }

  async setPreference(access: OrganisationAccess, enabled: boolean): Promise<DigestPreferenceReply> {
    await this.deps.repository.setEnabled(
      access.organisationId,
      access.userId,
      enabled,
      this.deps.now(),
      'account',
    );
    return {
      enabled,
      hour: this.deps.digestHour,
      message: enabled ? DIGEST_MESSAGES.enabled : DIGEST_MESSAGES.disabled,
    };
  }

  // The unsubscribe link.

  async unsubscribeLink(scope: SignedScope): Promise<string> {
    const token = signScope(await this.signingSecret(), UNSUBSCRIBE_PURPOSE, scope);
    return `${this.deps.publicUrl}/api/digest/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  /** The member and organisation a link was signed for, with the organisation's name; null when invalid. */
  async unsubscribeScope(token: unknown): Promise<(SignedScope & { organisationName: string }) | null> {
    const scope = verifyScope(await this.signingSecret(), UNSUBSCRIBE_PURPOSE, token);
    if (!scope) return null;
    const organisationName = await this.deps.organisationName(scope.organisationId);
    return organisationName === null ? null : { ...scope, organisationName };
  }

  /** Turns the e-mail off for the link's member and organisation; null when the link is invalid. */
  async unsubscribe(token: unknown): Promise<{ organisationName: string } | null> {
    const scope = await this.unsubscribeScope(token);
    if (!scope) return null;
    await this.deps.repository.setEnabled(
      scope.organisationId,
      scope.userId,
      false,
      this.deps.now(),
      'unsubscribe',
    );
    return { organisationName: scope.organisationName };
  }
}
