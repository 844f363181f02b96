// The calendar feed's use cases: the account page's calls (status, create, regenerate) and the feed
// itself, served to a calendar application without a session (docs/decisions/calendar-feed.md).
import { createHash } from 'node:crypto';
import {
  CALENDAR_FEED_MESSAGES,
  type CalendarFeedAddressReply,
  type CalendarFeedStatusReply,
  hasPermission,
  PERMISSION,
} from '@app/domain';
import { AppError } from '../../http/app-error';
import type { OrganisationAccess } from '../../http/organisation-access';
import type { FollowUpDoc, MemberFollowUps } from '../follow-ups/module';
import { type BuiltFeed, FeedCache } from './feed-cache';
import { buildFeedCalendar, EventBlocks, type FeedProspect } from './feed-calendar';
import { newFeedCredentials, SECRET_PATTERN, secretMatches, SELECTOR_PATTERN } from './feed-secret';
import type { CalendarFeedRepository } from './repository';

/** Ports this component declares; the composition root gives it the other components' own. */
export type CalendarFeedPorts = {
  /** The organisations component's resolveAccess: a 403 AppError for a non-member. */
  resolveAccess(organisationId: string, userId: string): Promise<OrganisationAccess>;
  /** Whether the member holds a valid licence there, read from the store (the licences component). */
  hasLicence(organisationId: string, userId: string): Promise<boolean>;
  /** Prospects by id, those of the organisation only (the prospects component's catalogue). */
  prospectsByIds(organisationId: string, ids: readonly string[]): Promise<FeedProspect[]>;
  /** Members' follow-ups and renewals (the follow-ups component). */
  followUps: MemberFollowUps;
  /**
   * Read from the store, it moves after every write to the organisation's opportunities or prospects
   * (the opportunities' list version and the prospects' change stamp): what decides whether a feed
   * built earlier is still the truth, whichever process wrote.
   */
  changeToken(organisationId: string): Promise<string>;
};

export type CalendarFeedServiceDeps = CalendarFeedPorts & {
  repository: CalendarFeedRepository;
  now: () => number;
  publicUrl: string;
  timeZone: string;
};

export class CalendarFeedService {
  private readonly publicUrl: string;
  private readonly uidDomain: string;
  /** Events already written, reused while unchanged (the context below is fixed per process). */
  private readonly blocks = new EventBlocks();
  /** Whole feeds, kept under the change token they were built at. */
  private readonly built = new FeedCache();

  constructor(private readonly deps: CalendarFeedServiceDeps) {
    this.publicUrl = deps.publicUrl.replace(/\/+$/, '');
    this.uidDomain = new URL(this.publicUrl).hostname;
  }

  async status(access: OrganisationAccess): Promise<CalendarFeedStatusReply> {
    const [feed, hasLicence] = await Promise.all([
      this.deps.repository.findByMember(access.organisationId, access.userId),
      this.deps.hasLicence(access.organisationId, access.userId),
    ]);
    return { createdAt: feed?.createdAt ?? null, hasLicence };
  }

  async create(access: OrganisationAccess): Promise<CalendarFeedAddressReply> {
    await this.requireLicence(access);
    const credentials = newFeedCredentials();
    const createdAt = this.deps.now();
    const inserted = await this.deps.repository.insert({
      organisationId: access.organisationId,
      userId: access.userId,
      selector: credentials.selector,
      secretHash: credentials.secretHash,
      createdAt,
    });
    if (!inserted) throw AppError.conflict(CALENDAR_FEED_MESSAGES.alreadyExists);
    return { url: this.urlOf(credentials.selector, credentials.secret), createdAt };
  }

  /** A new address; the previous one stops at once. Makes the first one when there is none. */
  async regenerate(access: OrganisationAccess): Promise<CalendarFeedAddressReply> {
    await this.requireLicence(access);
    const credentials = newFeedCredentials();
    const createdAt = this.deps.now();
    const set = { selector: credentials.selector, secretHash: credentials.secretHash, createdAt };
    const replaced = await this.deps.repository.replace(access.organisationId, access.userId, set);
    if (!replaced) return this.create(access);
    return { url: this.urlOf(credentials.selector, credentials.secret), createdAt };
  }

  /**
   * The feed of the address `selector`/`secret`, or null (404) when no feed has it, or when its
   * member has left the organisation, lost their licence or the right to see prospects: all checked
   * in the store on every request. The text is built again only when the store's change token (or the
   * organisation's name) moved since it was last built here.
   */
  async render(selector: string, secret: string): Promise<BuiltFeed | null> {
    if (!SELECTOR_PATTERN.test(selector) || !SECRET_PATTERN.test(secret)) return null;
    const feed = await this.deps.repository.findBySelector(selector);
    if (!feed || !secretMatches(secret, feed.secretHash)) return null;
    const access = await this.accessOf(feed.organisationId, feed.userId);
    if (!access || !hasPermission(access.mask, PERMISSION.VIEW_PROSPECTS)) return null;
    if (!(await this.deps.hasLicence(feed.organisationId, feed.userId))) return null;

    // Read before the follow-ups: a write landing in between makes the kept feed built again, never stale.
    const token = `${await this.deps.changeToken(feed.organisationId)}|${access.organisationName}`;
    return this.built.get(`${feed.organisationId}|${feed.userId}`, token, () =>
      this.build(feed.organisationId, feed.userId, access.organisationName),
    );
  }

  private async build(organisationId: string, userId: string, organisationName: string): Promise<BuiltFeed> {
    const query = { organisationId, userIds: [userId] };
    const opportunities: FollowUpDoc[] = [];
    for await (const docs of this.deps.followUps.dueBefore(query, Number.MAX_SAFE_INTEGER))
      opportunities.push(...docs);
    const seen = new Set(opportunities.map((opportunity) => opportunity._id));
    for await (const docs of this.deps.followUps.renewalsBetween(
      query,
      Number.MIN_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER,
    ))
      for (const doc of docs) if (!seen.has(doc._id)) opportunities.push(doc);
    const prospects = await this.deps.prospectsByIds(
      organisationId,
      opportunities.map((opportunity) => opportunity.prospectId),
    );
    const template = buildFeedCalendar(
      {
        organisationName,
        publicUrl: this.publicUrl,
        uidDomain: this.uidDomain,
        opportunities,
        prospects: new Map(prospects.map((prospect) => [prospect._id, prospect])),
        timeZone: this.deps.timeZone,
      },
      this.blocks,
    );
    const body = Buffer.from(template, 'utf8');
    // The text but for DTSTAMP (the time of each read) decides the ETag: unchanged events, a 304.
    return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
  }

  private async accessOf(organisationId: string, userId: string): Promise<OrganisationAccess | null> {
    try {
      return await this.deps.resolveAccess(organisationId, userId);
    } catch (error) {
      // Not a member (any more), or the organisation is gone.
      if (error instanceof AppError && error.status === 403) return null;
      throw error;
    }
  }

  private async requireLicence(access: OrganisationAccess): Promise<void> {
    if (!(await this.deps.hasLicence(access.organisationId, access.userId)))
      throw AppError.forbidden(CALENDAR_FEED_MESSAGES.licenceRequired);
  }

  private urlOf(selector: string, secret: string): string {
    return `${this.publicUrl}/api/calendar/feed/${selector}/${secret}.ics`;
  }
}
