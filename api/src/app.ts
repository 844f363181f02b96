// createApp: the whole HTTP application from a configuration and its dependencies (store, mailer,
// clock). index.ts only adds listening and shutdown; tests drive it with supertest.
import { DEFAULT_TIME_ZONE } from '@app/domain';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Store } from './db/types';
import { AppError } from './http/app-error';
import { apiNotFound, errorHandler } from './http/error-handler';
import { openApiRouter } from './http/openapi-routes';
import { RateLimitCounters } from './http/rate-limit';
import { requestLogger } from './http/request-logger';
import { createLogger } from './logger';
import { ApiRoutes } from './modules/access/api-routes';
import { type LicenceGate, OrganisationAccessResolver } from './modules/access/organisation-access';
import { AccountsRepository } from './modules/accounts/repository';
import { registerAccountRoutes } from './modules/accounts/routes';
import { AccountsService } from './modules/accounts/service';
import { SessionService } from './modules/accounts/sessions';
import { createBillingModule } from './modules/billing/module';
import type { StripeApiAddress } from './modules/billing/stripe-provider';
import { InvitationsRepository } from './modules/invitations/repository';
import { registerInvitationRoutes } from './modules/invitations/routes';
import { InvitationsService } from './modules/invitations/service';
import { createLicencesModule } from './modules/licences/module';
import type { Mailer } from './modules/mail/mailer';
import { DataExport } from './modules/organisations/data-export';
import { OrganisationDirectory } from './modules/organisations/directory';
import { OrganisationsRepository } from './modules/organisations/repository';
import { registerOrganisationRoutes } from './modules/organisations/routes';
import { OrganisationsService } from './modules/organisations/service';
import { TeamService } from './modules/organisations/team-service';
import { createMessagesModule } from './modules/messages/module';
import { createOpportunitiesModule } from './modules/opportunities/module';
import { createProspectsModule } from './modules/prospects/module';
import { createRoundsModule } from './modules/rounds/module';
import { corsAllowList, securityHeaders } from './web/security';
import { createStaticSite } from './web/static-site';

export type AppDeps = {
  store: Store;
  mailer: Mailer;
  logger?: Logger;
  /** Epoch ms; tests move it to check expiries. */
  now?: () => number;
  /** Replaces the licences component's gate (unit tests of the registry only). */
  licenceGate?: LicenceGate;
  /** Points the Stripe client at a local fake of its API (billing tests only). */
  stripeApi?: StripeApiAddress;
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
  };
};

const ACCEPTS_COMPRESSION = /\b(gzip|deflate|br)\b/i;

export function createApp(config: Config, deps: AppDeps): App {
  const logger = deps.logger ?? createLogger(config);
  const now = deps.now ?? Date.now;

  const accountsRepository = new AccountsRepository(deps.store);
  const organisationsRepository = new OrganisationsRepository(deps.store);
  const directory = new OrganisationDirectory(organisationsRepository);
  const invitationsRepository = new InvitationsRepository(deps.store);
  const prospects = createProspectsModule({
    store: deps.store,
    logger,
    now,
    usernameOf: async (userId) => (await accountsRepository.findUser(userId))?.username ?? '',
    geocoderUrl: config.geocoderUrl,
    companyRegistry: config.companyRegistry,
    importStartGraceMs: config.importStartGraceMs,
  });
  const messages = createMessagesModule({
    store: deps.store,
    now,
    usernameOf: async (userId) => (await accountsRepository.findUser(userId))?.username ?? '',
  });
  const opportunities = createOpportunitiesModule({
    store: deps.store,
    logger,
    now,
    prospects: prospects.catalogue,
    messages: messages.log,
    users: async (ids) =>
      (await accountsRepository.findUsers(ids)).map((user) => ({ _id: user._id, username: user.username })),
    isMember: (organisationId, userId) => directory.isMember(organisationId, userId),
    timeZone: DEFAULT_TIME_ZONE,
    renewalLeadDays: config.renewalLeadDays,
    dataDir: config.dataDir,
    exportWorkers: config.exportWorkers,
  });
  const rounds = createRoundsModule({
    store: deps.store,
    now,
    assertVisible: (actor, opportunityId) => opportunities.threads.assertCommentable(actor, opportunityId),
    geocoderUrl: config.geocoderUrl,
    mapTileUrl: config.mapTileUrl,
  });
  const licences = createLicencesModule({
    store: deps.store,
    now,
    trialDays: config.trial.days,
    trialLicences: config.trial.licences,
    isMember: (organisationId, userId) => directory.isMember(organisationId, userId),
    ownerOf: async (organisationId) =>
      (await organisationsRepository.findOrganisation(organisationId))?.ownerId ?? null,
    licencesChanged: (organisationId) => organisationsRepository.markAccessChanged(organisationId),
  });
  const billing = createBillingModule({
    store: deps.store,
    config,
    licences: licences.paid,
    ownerOf: async (organisationId) =>
      (await organisationsRepository.findOrganisation(organisationId))?.ownerId ?? null,
    now,
    logger,
    ...(deps.stripeApi ? { stripeApi: deps.stripeApi } : {}),
  });
  const rateLimitCounters = new RateLimitCounters(deps.store);
  const ready = (async () => {
    await accountsRepository.ensureIndexes();
    await rateLimitCounters.ensureIndexes();
    await licences.start();
    await billing.start();
    await organisationsRepository.ensureIndexes();
    await invitationsRepository.ensureIndexes();
    await prospects.start();
    await opportunities.start();
    // After the opportunities: it finishes the comments a killed process left half-logged in them.
    await messages.start(opportunities.threads);
    await rounds.start();
    const expired = await accountsRepository.deleteExpiredSessions(now());
    if (expired > 0) logger.info({ expired }, 'Sessions expirées supprimées');
  })();
  // Reported by the /api guard below and by index.ts; never left unhandled.
  ready.catch(() => undefined);

  const sessions = new SessionService(accountsRepository, config.security.sessionTtlMs, now);
  const organisations = new OrganisationsService(
    organisationsRepository,
    accountsRepository,
    now,
    licences.book,
    directory,
  );
  const team = new TeamService({
    repository: organisationsRepository,
    accounts: accountsRepository,
    licences: licences.book,
    handOver: opportunities.handOver,
    now,
  });
  const accounts = new AccountsService({
    repository: accountsRepository,
    sessions,
    organisations,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    passwordHashCost: config.security.passwordHashCost,
    resetTokenTtlMs: config.security.resetTokenTtlMs,
    now,
    onBackgroundError: (error, context) => logger.error({ err: error }, `Échec en arrière-plan : ${context}`),
  });
  const invitations = new InvitationsService({
    repository: invitationsRepository,
    organisationsRepository,
    organisations,
    accounts: accountsRepository,
    licences: licences.book,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    ttlMs: config.security.invitationTtlMs,
    now,
  });

  const api = new ApiRoutes({
    sessions,
    organisationAccess: new OrganisationAccessResolver(directory),
    licenceGate: deps.licenceGate ?? licences.gate,
    bodyLimit: config.bodyLimit,
    rateLimit: config.security.rateLimit,
    rateLimitCounters,
  });
  registerAccountRoutes(api, accounts);
  registerOrganisationRoutes(api, organisations, team, new DataExport(deps.store, organisations));
  registerInvitationRoutes(api, invitations);
  licences.registerRoutes(api);
  billing.registerRoutes(api);
  prospects.registerRoutes(api);
  opportunities.registerRoutes(api);
  messages.registerRoutes(api, opportunities.threads);
  rounds.registerRoutes(api);

  const app = express() as App;
  app.locals.ready = ready;
  app.locals.apiRoutes = api;
  app.locals.stop = () => {
    prospects.stop();
    opportunities.stop();
  };
  app.locals.release = async () => {
    await opportunities.release();
  };
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');

  app.use(requestLogger(logger));
  app.use(securityHeaders(config));
  // Scripts and list pages are text: gzip makes them 3 to 25 times lighter (docs/decisions/bundle-budget.md).
  // API answers at the fastest level (a 100,000-line export is 28 MB of JSON); and no compression
  // middleware at all for a client that accepts none (request-path.md).
  const compressPage = compression();
  const compressApi = compression({ level: 1 });
  app.use((req, res, next) => {
    if (!ACCEPTS_COMPRESSION.test(req.headers['accept-encoding'] ?? '')) next();
    else if (req.path.startsWith('/api/')) compressApi(req, res, next);
    else compressPage(req, res, next);
  });

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
  // The contract needs no store: served before the store guard, cached (docs/decisions/openapi.md).
  app.use(openApiRouter(() => api.routes, config.publicUrl));
  app.use('/api', corsAllowList(config.corsOrigins), storeReady);
  app.use(billing.router);
  app.use(api.router);
  app.use('/api', apiNotFound);

  app.use('/remotes', corsAllowList(config.corsOrigins));
  app.use(createStaticSite(config));

  app.use(errorHandler(logger));
  return app;
}
