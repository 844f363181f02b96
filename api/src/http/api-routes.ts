// Every /api route is declared through this registry: it builds the middleware chain (body size,
// rate limits, session, organisation access and permission, body validation) from a declaration,
// and keeps the table the permission test and the OpenAPI document walk. docs/decisions/permissions.md,
// docs/decisions/openapi.md.
import { objectIdSchema, tokenSchema } from '@app/domain';
import { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import type { z } from 'zod';
import type { RateLimitConfig } from './config';
import { AppError } from './app-error';
import { type LicenceGate, type OrganisationAccess, requirePermission } from './organisation-access';
import { idempotency, type IdempotentReplies } from './idempotency';
import { jsonBody } from './json-body';
import { createRateLimiters, type RateLimitCounters } from './rate-limit';
import { redirect } from './redirect';
import { parseOrMessage, validateBody } from './validate';
import { type PermissionRule, permissionFor } from './route-permissions';

export type Access = 'public' | 'session' | 'organisation';

/** Whether a route needs a valid licence: of everyone, of members other than the owner, or none. */
export type LicenceRule = boolean | 'members';

export type SessionContext = { userId: string; sessionId: string; token: string };

type BaseContext<I> = {
  input: I;
  params: Record<string, string>;
  /** The bearer token sent (body `token` or `Authorization: Bearer`), checked or not. */
  token: string | null;
  req: Request;
  res: Response;
};

export type RouteContext<A extends Access, I> = BaseContext<I> &
  (A extends 'public' ? unknown : { session: SessionContext }) &
  (A extends 'organisation' ? { organisation: OrganisationAccess } : unknown);

export type RouteSpec<A extends Access, S extends z.ZodType> = {
  path: string;
  access: A;
  /** Schema of the body; for organisation routes `organisationId` is checked before it, by the registry. */
  body: S;
  /**
   * The schema's output for the usual valid body, found without the schema's pass over each of its
   * values; undefined leaves the body to the schema. For a route whose bodies are large (an import's
   * batch): it must accept nothing the schema refuses and give what the schema gives.
   */
  quickBody?: (body: unknown) => z.output<S> | undefined;
  /** JSON body limit for this route (default: config bodyLimit, 1 MB). */
  bodyLimit?: string;
  /** Per-IP and per-e-mail limits (login, sign-up, forgot). */
  rateLimited?: boolean;
  /**
   * Licence hook: members without a licence are redirected (see LicenceGate); 'members': except the
   * owner, who may always take the organisation's data out (settings-rules.md, "Data export").
   */
  requiresLicence?: LicenceRule;
  /** Returns the JSON reply (200), or replies itself (e.g. redirect()) and returns undefined. */
  handler: (ctx: RouteContext<A, z.output<S>>) => Promise<unknown>;
};

export type RegisteredRoute = {
  method: 'POST';
  path: string;
  access: Access;
  permission: PermissionRule | undefined;
  /** The zod schema the body is validated with (the OpenAPI document is generated from it). */
  body: z.ZodType;
  bodyKeys: string[];
  rateLimited: boolean;
  requiresLicence: LicenceRule;
};

/** The accounts component's port: the live session a bearer token opens, or null. */
export type SessionVerifier = {
  resolve(token: string): Promise<{ sessionId: string; userId: string } | null>;
};

/**
 * The organisations component's port: what the caller may do in one organisation; a 403 for a
 * non-member and for an organisation that does not exist.
 */
export type AccessResolver = {
  resolveAccess(organisationId: string, userId: string): Promise<OrganisationAccess>;
};

export type ApiRoutesDeps = {
  sessions: SessionVerifier;
  organisationAccess: AccessResolver;
  licenceGate: LicenceGate;
  bodyLimit: string;
  rateLimit: RateLimitConfig;
  /** The store's shared counters; required as soon as one route is rate-limited. */
  rateLimitCounters?: RateLimitCounters;
  /** Kept replies of the requests sent with an Idempotency-Key (routes with a session). */
  idempotentReplies?: IdempotentReplies;
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const ACCEPTS_GZIP = /\bgzip\b/i;

/** The token from the body (`token`, SPEC.md §7) or the Authorization header. */
export function readToken(req: Request): string | null {
  const fromBody: unknown = (req.body as Record<string, unknown> | undefined)?.token;
  if (fromBody !== undefined && fromBody !== null && fromBody !== '') {
    if (typeof fromBody !== 'string')
      throw AppError.badRequest('Requête invalide : le champ « token » doit être un texte');
    return fromBody;
  }
  const match = BEARER.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function shapeKeys(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: unknown }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * Runs a route's handlers one after the other as Express would (each calls `next`; a thrown error or
 * a rejected promise goes to `done`, Express's error handlers), without a router and its layers per
 * handler.
 */
function runChain(chain: readonly RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  let index = 0;
  const next: NextFunction = (error?: unknown) => {
    if (error === 'route' || error === 'router') {
      done(); // skip the rest of this route, as Express does
      return;
    }
    if (error !== undefined) {
      done(error);
      return;
    }
    const handler = chain[index];
    index += 1;
    if (!handler) {
      done();
      return;
    }
    try {
      const returned: unknown = handler(req, res, next);
      if (returned instanceof Promise)
        returned.catch((rejected: unknown) => done(rejected ?? new Error('rejet')));
    } catch (thrown) {
      done(thrown);
    }
  };
  next();
}

/** Express matches paths case-insensitively and with or without a trailing slash: so does the lookup. */
const routeKey = (path: string) => path.toLowerCase().replace(/\/+$/, '');

/**
 * The JSON reply of a POST call, written directly: Express's res.json would also hash an ETag and
 * check freshness, which no client can use on a POST (request-path.md).
 */
function sendJson(res: Response, value: unknown): void {
  sendJsonText(res, JSON.stringify(value));
}

/** A reply's JSON ready to send: its text, or its UTF-8 bytes, gzipped already (`gzip`) or not. */
export type EncodedJson = string | { bytes: Buffer; gzip: boolean };

/** Whether a call's client takes gzip (a reply may then be sent gzipped already: sendJsonText). */
export function acceptsGzip(req: Request): boolean {
  return ACCEPTS_GZIP.test(req.headers['accept-encoding'] ?? '');
}

/**
 * A reply already written as JSON, sent as sendJson sends the JSON of a handler's result. Bytes
 * gzipped already (for a client that accepts it: acceptsGzip) go out as they are: the compression
 * middleware lets an encoded reply through.
 */
export function sendJsonText(res: Response, reply: EncodedJson): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const body = typeof reply === 'string' ? reply : reply.bytes;
  if (typeof reply !== 'string' && reply.gzip) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
  }
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

export class ApiRoutes {
  readonly router = Router();
  private readonly table: RegisteredRoute[] = [];
  /**
   * Routes without parameters, found by their path in one lookup: Express would otherwise test the
   * path of every route declared before the one called, about a hundred (request-path.md).
   */
  private readonly byPath = new Map<string, { path: string; chain: RequestHandler[] }>();

  constructor(private readonly deps: ApiRoutesDeps) {
    this.router.use((req, res, next) => {
      const route = req.method === 'POST' ? this.byPath.get(routeKey(req.path)) : undefined;
      if (!route) {
        next();
        return;
      }
      req.params ??= {};
      runChain(route.chain, req, res, next);
    });
  }

  /**
   * The handlers of the POST call `req` names, when it is one of the routes without parameters; the
   * app runs them straight after its global middlewares (request-path.md, third round).
   */
  chainOf(req: Request): readonly RequestHandler[] | undefined {
    return this.chainAt(req.method, req.path);
  }

  /** The same, from a request's method and path (before Express has set the request up). */
  chainAt(method: string | undefined, path: string): readonly RequestHandler[] | undefined {
    return method === 'POST' ? this.byPath.get(routeKey(path))?.chain : undefined;
  }

  /** Runs `chain` as the handlers of one route (Express's rules for `next`, errors and rejections). */
  static run(chain: readonly RequestHandler[], req: Request, res: Response, done: NextFunction): void {
    req.params ??= {};
    runChain(chain, req, res, done);
  }

  get routes(): readonly RegisteredRoute[] {
    return this.table;
  }

  /** The paths Express itself holds (for the test that nothing bypasses the registry). */
  get expressRoutePaths(): string[] {
    type Stack = { stack: { route?: { path: string } }[] };
    const pathsOf = (router: Router) =>
      (router as unknown as Stack).stack.flatMap((layer) => (layer.route ? [layer.route.path] : []));
    return [...pathsOf(this.router), ...[...this.byPath.values()].map((route) => route.path)];
  }

  private limiters(path: string) {
    const counters = this.deps.rateLimitCounters;
    if (!counters) throw new Error(`Route limitée sans compteurs partagés : ${path}`);
    return createRateLimiters(this.deps.rateLimit, counters, path);
  }

  private authenticate(): RequestHandler {
    return async (req, res, next) => {
      const token = readToken(req);
      if (token === null || !tokenSchema.safeParse(token).success) throw AppError.unauthenticated();
      const session = await this.deps.sessions.resolve(token);
      if (!session) throw AppError.unauthenticated();
      res.locals.session = {
        userId: session.userId,
        sessionId: session.sessionId,
        token,
      } satisfies SessionContext;
      next();
    };
  }

  private authorise(
    path: string,
    rule: PermissionRule | undefined,
    requiresLicence: LicenceRule,
  ): RequestHandler {
    return async (req, res, next) => {
      const raw: unknown = (req.body as Record<string, unknown> | undefined)?.organisationId;
      const parsed = parseOrMessage(objectIdSchema, raw);
      if ('message' in parsed) {
        throw AppError.badRequest(
          raw === undefined ? 'Requête invalide : organisation manquante' : parsed.message,
        );
      }
      const session = res.locals.session as SessionContext;
      const access = await this.deps.organisationAccess.resolveAccess(parsed.data, session.userId);
      requirePermission(access, rule);
      res.locals.organisation = access;
      if (requiresLicence === true || (requiresLicence === 'members' && !access.isOwner)) {
        const target = await this.deps.licenceGate(access);
        if (target !== null) {
          req.log?.info({ path, organisationId: access.organisationId }, 'Appel sans licence redirigé');
          redirect(res, target);
          return;
        }
      }
      next();
    };
  }

  post<A extends Access, S extends z.ZodType>(spec: RouteSpec<A, S>): void {
    if (this.table.some((route) => route.path === spec.path))
      throw new Error(`Route déclarée deux fois : ${spec.path}`);
    const permission = spec.access === 'organisation' ? permissionFor(spec.path) : undefined;
    const chain: RequestHandler[] = [jsonBody(spec.bodyLimit ?? this.deps.bodyLimit)];
    const limiters = spec.rateLimited ? this.limiters(spec.path) : null;
    if (limiters) chain.push(limiters.perIp);
    if (spec.access !== 'public') chain.push(this.authenticate());
    if (spec.access !== 'public' && this.deps.idempotentReplies)
      chain.push(idempotency(this.deps.idempotentReplies));
    if (spec.access === 'organisation')
      chain.push(this.authorise(spec.path, permission, spec.requiresLicence ?? false));
    chain.push(validateBody(spec.body, spec.quickBody));
    if (limiters) chain.push(limiters.perEmail);
    chain.push(async (req, res) => {
      const session = res.locals.session as SessionContext | undefined;
      const ctx = {
        input: res.locals.body as z.output<S>,
        params: req.params as Record<string, string>,
        // Read on demand: only logout uses it on a public route.
        get token() {
          return session?.token ?? readToken(req);
        },
        session,
        organisation: res.locals.organisation as OrganisationAccess | undefined,
        req,
        res,
      } as unknown as RouteContext<A, z.output<S>>;
      const result = await spec.handler(ctx);
      if (!res.headersSent) sendJson(res, result ?? {});
    });
    if (spec.path.includes(':')) {
      this.router.post(spec.path, ...chain);
    } else {
      this.byPath.set(routeKey(spec.path), { path: spec.path, chain });
    }
    this.table.push({
      method: 'POST',
      path: spec.path,
      access: spec.access,
      permission,
      body: spec.body,
      bodyKeys: shapeKeys(spec.body),
      rateLimited: spec.rateLimited ?? false,
      requiresLicence: spec.requiresLicence ?? false,
    });
  }
}
