// createApp: the whole HTTP application from a configuration and its dependencies (store, mailer,
// clock). index.ts only adds listening and shutdown; tests drive it with supertest.
import { DEFAULT_TIME_ZONE } from '@app/domain';
import compression from 'compression';
import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Store } from './db/types';
import { API_GZIP_FROM_BYTES, API_GZIP_LEVEL } from './http/api-gzip';
import { ApiRoutes } from './http/api-routes';
import { AppError } from './http/app-error';
import { apiNotFound, errorHandler } from './http/error-handler';
import { IdempotentReplies } from './http/idempotency';
import { openApiRouter } from './http/openapi-routes';
import type { LicenceGate } from './http/organisation-access';
import { RateLimitCounters } from './http/rate-limit';
import { requestLogger } from './http/request-logger';
import { createLogger } from './logger';
import type { Mailer } from './mail/mailer';
import { createAccountsModule } from './modules/accounts/module';
import { type BinEvent, createBinModule } from './modules/bin/module';
import { type AuditEntry, createAuditModule } from './modules/audit/module';
import { createCalendarFeedModule } from './modules/calendar-feed/module';
import { createBillingModule, type StripeApiAddress } from './modules/billing/module';
import { createFollowUpsModule } from './modules/follow-ups/module';
import { createDigestModule, type DigestRunSummary } from './modules/digest/module';
import { createInvitationsModule } from './modules/invitations/module';
import { createLicencesModule } from './modules/licences/module';
import { createLiveModule } from './modules/live/module';
import { createMessagesModule } from './modules/messages/module';
import { createNotificationsModule } from './modules/notifications/module';
import { createOpportunitiesModule } from './modules/opportunities/module';
import { createMembership, createOrganisationsModule } from './modules/organisations/module';
import { createPresenceModule } from './modules/presence/module';
import { createProspectsModule } from './modules/prospects/module';
import { createReportsModule } from './modules/reports/module';
import { createRoundsModule } from './modules/rounds/module';
import { corsAllowList, securityHeaders } from './web/security';
import { createStaticSite } from './web/static-site';

export type AppDeps = {
  store: Store;
  mailer: Mailer;
  logger?: Logger;
  /** Epoch ms; tests move it to check expiries. */
  now?: () => number;
  /**
   * Wall clock of the rate-limit windows (Date.now): kept apart from `now` so a test that moves the
   * app's clock does not open windows, and a test of the limits does not straddle a window's edge.
   */
  rateLimitNow?: () => number;
  /** Replaces the licences component's gate (unit tests of the registry only). */
  licenceGate?: LicenceGate;
  /** Points the Stripe client at a local fake of its API (billing tests only). */
  stripeApi?: StripeApiAddress;
  /** False: the morning e-mail is not checked at start nor every minute (tests call runDigest). */
  digestSchedule?: boolean;
  /** False: the largest lists are not read ahead after start (tests call warmLists). */
  listsWarmUp?: boolean;
  /** False: the audit log's retention sweep is not run at start nor every hour (tests call sweepAudit). */
  auditSchedule?: boolean;
};

export type App = Express & {
  locals: {
    /** Resolves once the store's indexes exist; index.ts waits for it before listening. */
    ready: Promise<void>;
    /** The declared /api routes (for the permission test and the docs). */
    apiRoutes: ApiRoutes;
    /** Stops the background jobs (abandoned imports, renewal follow-ups); call it on shutdown. */
    stop: () => void;
    /** Closes the other connections the app holds to the store (export threads); before closing it. */
    release: () => Promise<void>;
    /** Sends the morning e-mails due and not sent yet (what the minute check runs). */
    runDigest: () => Promise<DigestRunSummary>;
    /** The bin's daily purge (what the hourly check runs); null when a process already did it today. */
    runBinPurge: () => Promise<number | null>;
    /** Removes the audit records past retention unless a process already did today (the daily sweep). */
    sweepAudit: () => Promise<number | null>;
    /** Reads the largest organisations' lists ahead (what runs after start); the opportunities read. */
    warmLists: () => Promise<number>;
  };
};

const BIN_SUBJECTS = {
  file: 'prospectFile',
  import: 'prospectFile',
  prospect: 'prospect',
  opportunity: 'opportunity',
} as const;

const BIN_KIND_LABELS = {
  file: 'fichier de prospects',
  import: 'import annulé',
  prospect: 'prospect',
  opportunity: 'opportunité',
} as const;

const BIN_COUNT_LABELS = {
  prospects: 'Prospects',
  opportunities: 'Opportunités',
  comments: 'Commentaires',
} as const;

/** The documents moved, under the French names the history screen and its CSV show; none when zero. */
function binCountDetails(counts: BinEvent['counts']): Record<string, number> {
  const details: Record<string, number> = {};
  for (const [key, label] of Object.entries(BIN_COUNT_LABELS)) {
    const count = counts[key as keyof typeof BIN_COUNT_LABELS];
    if (count > 0) details[label] = count;
  }
  return details;
}

/** A move to or from the bin as the audit log records it (who, what, how much; the bin record's id). */
function binAuditEntry(kind: 'deleted' | 'restored', event: BinEvent): AuditEntry {
  return {
    organisationId: event.organisationId,
    actorUserId: event.userId,
    kind,
    subject: { type: BIN_SUBJECTS[event.kind], id: event.binId, label: event.label },
    details: { Corbeille: BIN_KIND_LABELS[event.kind], ...binCountDetails(event.counts) },
    at: event.at,
  };
}

const ACCEPTS_COMPRESSION = /\b(gzip|deflate|br)\b/i;

export function createApp(config: Config, deps: AppDeps): App {
  const logger = deps.logger ?? createLogger(config);
  const now = deps.now ?? Date.now;
  const { store } = deps;

  // Each module gets the ports of the modules built before it (docs/architecture.md). Two ports of a
  // module built later are handed over with the routes: sign-up founds an organisation, a comment is
  // finished in its opportunity's thread.
  // Built first: every module records what changed through its `record` port. Its two reads are
  // resolved at call time, once the accounts and the memberships exist.
  const audit = createAuditModule({
    store,
    logger,
    now,
    retentionDays: config.auditRetentionDays,
    usernames: (ids) => accounts.users.publicUsers(ids),
    organisationsOf: (userId) => membership.organisationIdsOf(userId),
    // An opportunity's history lines stay while it is live or in the bin (docs/decisions/audit-log.md).
    keptOpportunities: async (organisationId, ids) =>
      new Set([
        ...(await opportunities.bin.liveIds(organisationId, ids)),
        ...(await bin.holdsOpportunities(organisationId, ids)),
      ]),
    schedule: deps.auditSchedule ?? true,
  });
  const accounts = createAccountsModule({
    store,
    mailer: deps.mailer,
    logger,
    now,
    publicUrl: config.publicUrl,
    passwordHashCost: config.security.passwordHashCost,
    sessionTtlMs: config.security.sessionTtlMs,
    resetTokenTtlMs: config.security.resetTokenTtlMs,
    recordForUser: audit.recordForUser,
  });
  const membership = createMembership({ store, now });
  const followUps = createFollowUpsModule({ store, now, timeZone: DEFAULT_TIME_ZONE });
  const notifications = createNotificationsModule({
    store,
    logger,
    now,
    names: { prospect: followUps.prospectName, user: accounts.users.usernameOf },
    dueFollowUps: followUps.dueSince,
  });
  const licences = createLicencesModule({
    store,
    now,
    trialDays: config.trial.days,
    trialLicences: config.trial.licences,
    membership,
    record: audit.record,
    usernameOf: (userId) => accounts.users.usernameOf(userId),
  });
  const billing = createBillingModule({
    store,
    config,
    licences: licences.paid,
    membership,
    now,
    logger,
    record: audit.record,
    ...(deps.stripeApi ? { stripeApi: deps.stripeApi } : {}),
  });
  const prospects = createProspectsModule({
    store,
    logger,
    now,
    usernameOf: accounts.users.usernameOf,
    geocoderUrl: config.geocoderUrl,
    companyRegistry: config.companyRegistry,
    importStartGraceMs: config.importStartGraceMs,
    importWorkers: config.importWorkers,
    fileReadWorkers: config.fileReadWorkers,
    dataDir: config.dataDir,
    notify: notifications.notify,
    record: audit.record,
  });
  const messages = createMessagesModule({ store, now, usernameOf: accounts.users.usernameOf });
  const opportunities = createOpportunitiesModule({
    store,
    logger,
    now,
    prospects: prospects.catalogue,
    messages: messages.log,
    users: accounts.users.refs,
    isMember: (organisationId, userId) => membership.isMember(organisationId, userId),
    timeZone: DEFAULT_TIME_ZONE,
    renewalLeadDays: config.renewalLeadDays,
    dataDir: config.dataDir,
    exportWorkers: config.exportWorkers,
    notify: notifications.notify,
    record: audit.record,
    history: audit.history,
    listsWarmUp: deps.listsWarmUp,
  });
  const rounds = createRoundsModule({
    store,
    now,
    assertVisible: (actor, opportunityId) => opportunities.threads.assertCommentable(actor, opportunityId),
    geocoding: prospects.geocoding,
    mapTileUrl: config.mapTileUrl,
  });
  const presence = createPresenceModule({
    store,
    logger,
    now,
    assertVisible: (actor, opportunityId) => opportunities.threads.assertCommentable(actor, opportunityId),
    users: accounts.users.refs,
  });
  const bin = createBinModule({
    store,
    logger,
    now,
    prospects: prospects.bin,
    opportunities: opportunities.bin,
    messages: messages.bin,
    usernameOf: accounts.users.usernameOf,
    binned: (event) => audit.record(binAuditEntry('deleted', event)),
    restored: (event) => audit.record(binAuditEntry('restored', event)),
    moveChunk: config.binMoveChunk,
  });
  const reports = createReportsModule({
    sources: {
      opportunities: opportunities.reportFigures,
      comments: messages.reportFigures,
      prospects: prospects.reportFigures,
      statuses: (organisationId) => messages.log.statusViews(organisationId),
      users: accounts.users.refs,
    },
    now,
    timeZone: DEFAULT_TIME_ZONE,
  });
  const organisations = createOrganisationsModule({
    membership,
    accounts: accounts.users,
    licences: licences.book,
    handOver: opportunities.handOver,
    exportSources: {
      prospects: prospects.bulkRead,
      opportunities: opportunities.bulkRead,
      messages: messages.bulkRead,
    },
    now,
    record: audit.record,
  });
  const invitations = createInvitationsModule({
    store,
    mailer: deps.mailer,
    membership,
    accounts: accounts.users,
    licences: licences.book,
    publicUrl: config.publicUrl,
    ttlMs: config.security.invitationTtlMs,
    now,
    notify: notifications.notify,
    record: audit.record,
  });

  const digest = createDigestModule({
    store,
    mailer: deps.mailer,
    logger,
    now,
    publicUrl: config.publicUrl,
    digestHour: config.digestHour,
    timeZone: DEFAULT_TIME_ZONE,
    schedule: deps.digestSchedule ?? true,
    organisationPages: () => membership.organisationPages(),
    organisationName: (organisationId) => membership.nameOf(organisationId),
    licensedMembers: (organisationId) => licences.book.licensedMembers(organisationId),
    isMember: (organisationId, userId) => membership.isMember(organisationId, userId),
    publicUsers: (ids) => accounts.users.publicUsers(ids),
    prospectsOf: (organisationId, ids) => prospects.catalogue.records.byIds(organisationId, ids),
    followUps: followUps.ofMembers,
  });

  const rateLimitCounters = new RateLimitCounters(store, deps.rateLimitNow);
  const calendarFeed = createCalendarFeedModule({
    store,
    now,
    rateLimitNow: deps.rateLimitNow ?? Date.now,
    rateLimitCounters,
    publicUrl: config.publicUrl,
    timeZone: DEFAULT_TIME_ZONE,
    resolveAccess: (organisationId, userId) => membership.resolveAccess(organisationId, userId),
    hasLicence: async (organisationId, userId) =>
      (await licences.book.status(organisationId, userId)).hasLicence,
    prospectsByIds: (organisationId, ids) => prospects.catalogue.records.byIds(organisationId, ids),
    followUps: followUps.ofMembers,
    changeToken: async (organisationId) =>
      `${await opportunities.changeVersion(organisationId)}:${await prospects.catalogue.changeStamp(organisationId)}`,
  });
  const live = createLiveModule({
    store,
    logger,
    now,
    marks: {
      opportunities: (organisationId) => opportunities.changeVersion(organisationId),
      opportunitiesChanged: (organisationId, from, to) =>
        opportunities.changedBetween(organisationId, from, to),
      prospects: (organisationId) => prospects.catalogue.changeStamp(organisationId),
    },
    resolveAccess: (organisationId, userId) => membership.resolveAccess(organisationId, userId),
  });
  const idempotentReplies = new IdempotentReplies(store, now);
  const ready = (async () => {
    await audit.start();
    await accounts.start();
    await rateLimitCounters.ensureIndexes();
    await idempotentReplies.ensureIndexes();
    await licences.start();
    await billing.start();
    await organisations.start();
    await invitations.start();
    await prospects.start();
    await opportunities.start();
    // After the opportunities: it finishes the comments a killed process left half-logged in them.
    await messages.start(opportunities.threads);
    await rounds.start();
    await presence.start();
    await followUps.start();
    await notifications.start();
    // Last: its first check (catching up a morning missed while the API was down) reads them all.
    await digest.start();
    await calendarFeed.start();
    await bin.start();
    await live.start();
  })();
  // Reported by the /api guard below and by index.ts; never left unhandled.
  ready.catch(() => undefined);

  const api = new ApiRoutes({
    sessions: accounts.sessions,
    organisationAccess: membership,
    licenceGate: deps.licenceGate ?? licences.gate,
    bodyLimit: config.bodyLimit,
    rateLimit: config.security.rateLimit,
    rateLimitCounters,
    idempotentReplies,
  });
  accounts.registerRoutes(api, organisations.founder);
  organisations.registerRoutes(api);
  invitations.registerRoutes(api);
  licences.registerRoutes(api);
  billing.registerRoutes(api);
  prospects.registerRoutes(api);
  opportunities.registerRoutes(api);
  messages.registerRoutes(api, opportunities.threads);
  rounds.registerRoutes(api);
  presence.registerRoutes(api);
  followUps.registerRoutes(api);
  notifications.registerRoutes(api);
  digest.registerRoutes(api);
  calendarFeed.registerRoutes(api);
  reports.registerRoutes(api);
  bin.registerRoutes(api);
  audit.registerRoutes(api);
  live.registerRoutes(api);

  const app = express() as App;
  app.locals.ready = ready;
  app.locals.apiRoutes = api;
  app.locals.stop = () => {
    prospects.stop();
    opportunities.stop();
    presence.stop();
    digest.stop();
    bin.stop();
    audit.stop();
    live.stop();
  };
  app.locals.release = async () => {
    await Promise.all([opportunities.release(), prospects.release()]);
  };
  app.locals.runDigest = () => digest.runDue();
  app.locals.runBinPurge = () => bin.purgeDue();
  app.locals.sweepAudit = () => audit.sweep();
  app.locals.warmLists = () => opportunities.warmLists();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');

  const logRequests = requestLogger(logger);
  const secure = securityHeaders(config);
  // Scripts and list pages are text: gzip makes them 3 to 25 times lighter (docs/decisions/bundle-budget.md).
  // API answers at the fastest level (a 100,000-line export is 28 MB of JSON); and no compression
  // middleware at all for a client that accepts none (request-path.md).
  const compressPage = compression();
  const compressApi = compression({ level: API_GZIP_LEVEL, threshold: API_GZIP_FROM_BYTES });
  const compress: RequestHandler = (req, res, next) => {
    if (!ACCEPTS_COMPRESSION.test(req.headers['accept-encoding'] ?? '')) next();
    else if (req.path.startsWith('/api/')) compressApi(req, res, next);
    else compressPage(req, res, next);
  };
  app.use(logRequests, secure, compress);

  // Once the indexes exist the check is a flag, not an await per request (request-path.md).
  let storeIsReady = false;
  ready.then(() => (storeIsReady = true)).catch(() => undefined);
  const storeReady: RequestHandler = async (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    if (storeIsReady) {
      next();
      return;
    }
    try {
      await ready;
    } catch (error) {
      throw new AppError(503, 'Service momentanément indisponible (base de données)', 'INTERNAL', {
        cause: error,
      });
    }
    next();
  };
  const apiCors = corsAllowList(config.corsOrigins);
  // A registered call (a POST without parameters: nearly every call) goes straight to its handlers,
  // behind the same CORS check and store guard as below, without walking the routers in between: none
  // of them answers a registered path (request-path.md, third round; route-table.test.ts checks it).
  const guarded = new WeakMap<readonly RequestHandler[], RequestHandler[]>();
  app.use((req, res, next) => {
    const chain = api.chainOf(req);
    if (!chain) {
      next();
      return;
    }
    let full = guarded.get(chain);
    if (!full) guarded.set(chain, (full = [apiCors, storeReady, ...chain]));
    // A chain that ends without answering is not handed to the routers below (they would run it
    // again): it ends as an unknown call does.
    ApiRoutes.run(full, req, res, (error?: unknown) =>
      error === undefined ? apiNotFound(req, res, next) : next(error),
    );
  });
  // The contract needs no store: served before the store guard, cached (docs/decisions/openapi.md).
  app.use(openApiRouter(() => api.routes, config.publicUrl));
  app.use('/api', apiCors, storeReady);
  app.use(billing.router);
  app.use(digest.router);
  app.use(calendarFeed.router);
  app.use(live.router);
  app.use(api.router);
  app.use('/api', apiNotFound);

  app.use('/remotes', corsAllowList(config.corsOrigins));
  app.use(createStaticSite(config));

  const handleErrors = errorHandler(logger);
  app.use(handleErrors);

  // A registered call does not go through Express's router at all: the same global middlewares, CORS
  // check, store guard and handlers run one after the other, and an error reaches the same error
  // handler (request-path.md, fourth round). Everything else is Express's as before.
  const expressHandle = (app as unknown as { handle: ExpressHandle }).handle.bind(app);
  const direct = new WeakMap<readonly RequestHandler[], RequestHandler[]>();
  (app as unknown as { handle: ExpressHandle }).handle = (req, res, callback) => {
    const chain = callback === undefined ? api.chainAt(req.method, pathOf(req.url)) : undefined;
    if (!chain) {
      expressHandle(req, res, callback);
      return;
    }
    // What Express's app.handle and router set up before the first middleware.
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    res.locals ??= Object.create(null) as Record<string, unknown>;
    req.baseUrl = '';
    req.originalUrl ||= req.url;
    let full = direct.get(chain);
    if (!full) direct.set(chain, (full = [logRequests, secure, compress, apiCors, storeReady, ...chain]));
    ApiRoutes.run(full, req, res, (error?: unknown) => {
      const failure = error === undefined ? new AppError(404, 'Ressource introuvable', 'NOT_FOUND') : error;
      handleErrors(failure, req, res, () => {
        // What Express's final handler does once the reply has started: the connection is cut.
        if (!res.headersSent) res.status(500).end();
        else req.socket.destroy();
      });
    });
  };
  return app;
}

type ExpressHandle = (req: Request, res: Response, callback?: NextFunction) => void;

/** The path of a request's URL, without its query (what req.path gives, before Express is set up). */
function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query === -1 ? raw : raw.slice(0, query);
}
