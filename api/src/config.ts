// Configuration: read once at start from the environment, validated with zod.
// A bad value stops the start with a French message naming the variable (docs/decisions/configuration.md).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export const REMOTE_NAMES = ['auth', 'prospecting', 'settings', 'billing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const STRIPE_PLANS = ['INDIVIDUAL', 'MANAGER', 'ENTERPRISE'] as const;
export const STRIPE_PERIODS = ['MONTHLY', 'YEARLY'] as const;
export type StripePriceKey = `${(typeof STRIPE_PLANS)[number]}_${(typeof STRIPE_PERIODS)[number]}`;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type ChatWidgetConfig = { provider: string; id: string; scriptUrl: string };

export type RateLimitConfig = {
  /** Window of the counters, in ms. */
  windowMs: number;
  /** Attempts allowed per client IP and window, per rate-limited call. */
  maxPerIp: number;
  /** Attempts allowed per e-mail address and window, per rate-limited call. */
  maxPerEmail: number;
};

export type SecurityConfig = {
  /** scrypt cost N (power of two). Lower it only in tests. */
  passwordHashCost: number;
  sessionTtlMs: number;
  resetTokenTtlMs: number;
  invitationTtlMs: number;
  rateLimit: RateLimitConfig;
};

export type CompanyRegistryConfig = {
  url: string | undefined;
  /** Calls per second at most (the public service allows 7). */
  ratePerSecond: number;
  timeoutMs: number;
  /** Attempts after the first one, on a time-out, a 429 or a 5xx. */
  retries: number;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  webRoot: string;
  logLevel: LogLevel;
  trustProxy: boolean | number | string;
  mongodbUri: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    prices: Partial<Record<StripePriceKey, string>>;
  };
  chatWidget: ChatWidgetConfig | null;
  geocoderUrl: string | undefined;
  /** Leaflet URL template of the rounds map's tiles (MAP_TILE_URL); undefined: the offline base map. */
  mapTileUrl: string | undefined;
  /** Company registry in the Recherche d'entreprises format: enrichment at import when `url` is set. */
  companyRegistry: CompanyRegistryConfig;
  remoteUrls: Partial<Record<RemoteName, string>>;
  corsOrigins: string[];
  /** Default JSON body limit of /api routes (a route may declare its own). */
  bodyLimit: string;
  /** Days before a contract's forecast end that its opportunity comes back as TODO (RENEWAL_LEAD_DAYS). */
  renewalLeadDays: number;
  /**
   * Worker threads building a large export side by side on the embedded store (EXPORT_WORKERS,
   * default: the cores, at most 4; 0: the export is built on the main thread).
   */
  exportWorkers: number;
  /**
   * At start, unfinished imports idle for at least this long are removed (IMPORT_START_GRACE_MS,
   * default 2 minutes: younger ones may belong to another API instance on the same store; 0 for a
   * deployment that runs one process).
   */
  importStartGraceMs: number;
  /** A new organisation's trial: its length in days (TRIAL_DAYS) and its licence keys (TRIAL_LICENCES). */
  trial: { days: number; licences: number };
  security: SecurityConfig;
};

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The repository root: api/src (tests) and api/dist (built) are both two levels below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const KNOWN_CHAT_WIDGETS: Record<string, (id: string) => string> = {
  crisp: () => 'https://client.crisp.chat/l.js',
  tawk: (id) => `https://embed.tawk.to/${encodeURIComponent(id)}/default`,
};

type Env = Record<string, string | undefined>;

/** Empty strings count as "not set", as shells and .env files produce them. */
function read(env: Env, name: string): string | undefined {
  const value = env[name];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function fail(name: string, rule: string, received: string): never {
  throw new ConfigError(name, `${name} ${rule} (reçu: ${received})`);
}

function parseWith<T>(env: Env, name: string, schema: z.ZodType<T>, rule: string): T | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const result = schema.safeParse(raw);
  if (!result.success) fail(name, rule, raw);
  return result.data;
}

const httpUrl = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  })
  .transform((value) => value.replace(/\/+$/, ''));

/** A Leaflet tile template such as https://{s}.tile.example.org/{z}/{x}/{y}.png. */
const tileTemplate = z
  .string()
  .refine(
    (value) =>
      ['{z}', '{x}', '{y}'].every((part) => value.includes(part)) &&
      httpUrl.safeParse(value.replaceAll('{s}', 'a')).success,
  );

const integer = (min: number, max: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

function parseOrigin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(
      name,
      'doit être une liste d’origines séparées par des virgules, comme https://app.example.com',
      raw,
    );
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !raw.endsWith('/');
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare) {
    fail(name, 'doit contenir des origines (schéma://hôte[:port], sans chemin)', raw);
  }
  return url.origin;
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (!/^[\w.:/, -]+$/.test(raw)) {
    fail('TRUST_PROXY', 'doit être true, false, un nombre de proxys ou une liste d’adresses', raw);
  }
  return raw;
}

function resolveFromRepo(raw: string | undefined, fallback: string): string {
  return path.resolve(REPO_ROOT, raw ?? fallback);
}

/** Parses the whole configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const port = parseWith(env, 'PORT', integer(1, 65535), 'doit être un entier entre 1 et 65535') ?? 3000;
  const host =
    parseWith(env, 'HOST', z.string().regex(/^[\w.:-]+$/), 'doit être une adresse ou un nom d’hôte') ??
    '0.0.0.0';

  const publicUrl =
    parseWith(
      env,
      'PUBLIC_URL',
      httpUrl,
      'doit être une URL http(s) absolue, comme https://app.example.com',
    ) ?? `http://localhost:${port}`;

  const mongodbUri = parseWith(
    env,
    'MONGODB_URI',
    z.string().regex(/^mongodb(\+srv)?:\/\/\S+$/),
    'doit être une URI MongoDB (mongodb:// ou mongodb+srv://)',
  );

  const smtpUrl = parseWith(
    env,
    'SMTP_URL',
    z.string().regex(/^smtps?:\/\/\S+$/),
    'doit être une URL smtp:// ou smtps://',
  );
  const mailFrom = parseWith(
    env,
    'MAIL_FROM',
    z.string().regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/),
    'doit être une adresse e-mail, éventuellement sous la forme "Nom <adresse@domaine>"',
  );
  if (smtpUrl !== undefined && mailFrom === undefined) {
    throw new ConfigError('MAIL_FROM', 'MAIL_FROM est obligatoire quand SMTP_URL est défini (reçu: rien)');
  }

  const stripeSecretKey = parseWith(
    env,
    'STRIPE_SECRET_KEY',
    z.string().regex(/^(sk|rk)_(test|live)_\w+$/),
    'doit être une clé secrète Stripe (sk_test_…, sk_live_…)',
  );
  const stripeWebhookSecret = parseWith(
    env,
    'STRIPE_WEBHOOK_SECRET',
    z.string().regex(/^whsec_\w+$/),
    'doit être un secret de webhook Stripe (whsec_…)',
  );
  const prices: Partial<Record<StripePriceKey, string>> = {};
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('STRIPE_PRICE_'))
    .sort()) {
    const key = name.slice('STRIPE_PRICE_'.length);
    const [plan, period, ...rest] = key.split('_');
    const knownPlan = (STRIPE_PLANS as readonly string[]).includes(plan ?? '');
    const knownPeriod = (STRIPE_PERIODS as readonly string[]).includes(period ?? '');
    if (!knownPlan || !knownPeriod || rest.length > 0) {
      fail(
        name,
        `n’est pas une variable connue : attendu STRIPE_PRICE_<${STRIPE_PLANS.join('|')}>_<MONTHLY|YEARLY>`,
        env[name] ?? '',
      );
    }
    const value = parseWith(
      env,
      name,
      z.string().regex(/^[\w-]+$/),
      'doit être un identifiant de prix Stripe (price_…)',
    );
    if (value !== undefined) prices[key as StripePriceKey] = value;
  }

  const chatProvider = parseWith(
    env,
    'CHAT_WIDGET',
    z.string().regex(/^[a-z][a-z0-9-]*$/),
    'doit être le nom du fournisseur de chat en minuscules, comme crisp',
  );
  const chatId = parseWith(
    env,
    'CHAT_WIDGET_ID',
    z.string().regex(/^[\w.:-]{1,200}$/),
    'doit être un identifiant simple (lettres, chiffres, - _ . :)',
  );
  const chatScriptUrl = parseWith(
    env,
    'CHAT_WIDGET_SCRIPT_URL',
    httpUrl,
    'doit être une URL http(s) absolue',
  );
  let chatWidget: ChatWidgetConfig | null = null;
  if (chatProvider !== undefined) {
    if (chatId === undefined) {
      throw new ConfigError(
        'CHAT_WIDGET_ID',
        `CHAT_WIDGET_ID est obligatoire quand CHAT_WIDGET est défini (reçu: rien)`,
      );
    }
    const known = KNOWN_CHAT_WIDGETS[chatProvider];
    const scriptUrl = chatScriptUrl ?? known?.(chatId);
    if (scriptUrl === undefined) {
      throw new ConfigError(
        'CHAT_WIDGET_SCRIPT_URL',
        `CHAT_WIDGET_SCRIPT_URL est obligatoire pour le fournisseur "${chatProvider}" (connus : ${Object.keys(KNOWN_CHAT_WIDGETS).join(', ')}) (reçu: rien)`,
      );
    }
    chatWidget = { provider: chatProvider, id: chatId, scriptUrl };
  }

  const geocoderUrl = parseWith(env, 'GEOCODER_URL', httpUrl, 'doit être une URL http(s) absolue');
  const mapTileUrl = parseWith(
    env,
    'MAP_TILE_URL',
    tileTemplate,
    'doit être une URL http(s) de tuiles contenant {z}, {x} et {y}',
  );

  const companyRegistry: CompanyRegistryConfig = {
    url: parseWith(env, 'COMPANY_REGISTRY_URL', httpUrl, 'doit être une URL http(s) absolue'),
    ratePerSecond:
      parseWith(
        env,
        'COMPANY_REGISTRY_RATE',
        integer(1, 100),
        'doit être un nombre d’appels par seconde entre 1 et 100',
      ) ?? 7,
    timeoutMs:
      parseWith(
        env,
        'COMPANY_REGISTRY_TIMEOUT_MS',
        integer(100, 60_000),
        'doit être un délai en ms entre 100 et 60000',
      ) ?? 5000,
    retries:
      parseWith(
        env,
        'COMPANY_REGISTRY_RETRIES',
        integer(0, 10),
        'doit être un nombre d’essais entre 0 et 10',
      ) ?? 4,
  };

  const remoteUrls: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const variable = `REMOTE_URL_${name.toUpperCase()}`;
    const value = parseWith(
      env,
      variable,
      z
        .string()
        .refine((raw) =>
          raw.startsWith('/') && !raw.startsWith('//') ? true : httpUrl.safeParse(raw).success,
        ),
      'doit être l’URL absolue du mf-manifest.json du remote (ou un chemin commençant par /)',
    );
    if (value !== undefined) remoteUrls[name] = value;
  }

  const corsRaw = read(env, 'CORS_ORIGINS');
  const corsOrigins =
    corsRaw === undefined
      ? []
      : corsRaw
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== '')
          .map((item) => parseOrigin('CORS_ORIGINS', item));

  const logLevel =
    parseWith(env, 'LOG_LEVEL', z.enum(LOG_LEVELS), `doit valoir ${LOG_LEVELS.join(', ')}`) ??
    (env.NODE_ENV === 'test' ? 'silent' : 'info');

  const bodyLimit =
    parseWith(
      env,
      'JSON_BODY_LIMIT',
      z.string().regex(/^\d+(b|kb|mb)$/i),
      'doit être une taille comme 100kb ou 1mb',
    ) ?? '1mb';

  const passwordHashCost =
    parseWith(
      env,
      'PASSWORD_HASH_COST',
      integer(1024, 1 << 20).refine((n) => (n & (n - 1)) === 0),
      'doit être une puissance de 2 entre 1024 et 1048576',
    ) ?? 1 << 15;

  const windowS =
    parseWith(
      env,
      'RATE_LIMIT_WINDOW_S',
      integer(1, 86_400),
      'doit être un nombre de secondes entre 1 et 86400',
    ) ?? 900;
  const maxPerIp =
    parseWith(env, 'RATE_LIMIT_MAX_PER_IP', integer(1, 1_000_000), 'doit être un entier positif') ?? 100;
  const maxPerEmail =
    parseWith(env, 'RATE_LIMIT_MAX_PER_EMAIL', integer(1, 1_000_000), 'doit être un entier positif') ?? 10;

  const dataDirRaw = read(env, 'DATA_DIR');
  const webRootRaw = read(env, 'WEB_ROOT');

  return {
    port,
    host,
    dataDir: resolveFromRepo(dataDirRaw, '.data'),
    publicUrl,
    webRoot: resolveFromRepo(webRootRaw, '.'),
    logLevel,
    trustProxy: parseTrustProxy(read(env, 'TRUST_PROXY')),
    mongodbUri,
    mail: { smtpUrl, from: mailFrom ?? 'Prospection <no-reply@localhost>' },
    stripe: { secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret, prices },
    chatWidget,
    geocoderUrl,
    mapTileUrl,
    companyRegistry,
    remoteUrls,
    corsOrigins,
    bodyLimit,
    renewalLeadDays:
      parseWith(env, 'RENEWAL_LEAD_DAYS', integer(0, 3650), 'doit être un nombre de jours entre 0 et 3650') ??
      90,
    exportWorkers:
      parseWith(env, 'EXPORT_WORKERS', integer(0, 16), 'doit être un nombre de fils entre 0 et 16') ??
      Math.min(4, availableParallelism()),
    importStartGraceMs:
      parseWith(
        env,
        'IMPORT_START_GRACE_MS',
        integer(0, 86_400_000),
        'doit être une durée en millisecondes entre 0 et 86400000',
      ) ?? 120_000,
    trial: {
      days:
        parseWith(env, 'TRIAL_DAYS', integer(1, 365), 'doit être un nombre de jours entre 1 et 365') ?? 14,
      licences:
        parseWith(env, 'TRIAL_LICENCES', integer(1, 100), 'doit être un nombre de licences entre 1 et 100') ??
        3,
    },
    security: {
      passwordHashCost,
      sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
      resetTokenTtlMs: 60 * 60 * 1000,
      invitationTtlMs: 7 * 24 * 60 * 60 * 1000,
      rateLimit: { windowMs: windowS * 1000, maxPerIp, maxPerEmail },
    },
  };
}
