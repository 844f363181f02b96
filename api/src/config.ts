// Configuration: read once at start from the environment. Each section is one zod schema of its variables,
// owned by the module reading it (modules/<module>/config.ts); this file composes them. A bad value stops
// the start with a French message naming the variable (docs/decisions/configuration.md).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  defineSection,
  type Env,
  failVariable,
  httpUrl,
  integer,
  type ParsedSection,
  parseSection,
  type Section,
  shownValue,
  variable,
  variableWithDefault,
  LOG_LEVELS,
  REPO_ROOT,
} from './config-variables';
import { accessSection } from './http/config';
import { accountsSection, type AccountsSecurityConfig } from './modules/accounts/config';
import { auditSection } from './modules/audit/config';
import { billingSection } from './modules/billing/config';
import { digestSection } from './modules/digest/config';
import { licencesSection } from './modules/licences/config';
import { mailSection } from './mail/config';
import { opportunitiesSection } from './modules/opportunities/config';
import { prospectsSection } from './modules/prospects/config';
import { roundsSection } from './modules/rounds/config';
import { chatWidgetSection } from './web/chat-widget-config';
import { deploymentManifest, remotesSection } from './web/remotes-manifest';

export { ConfigError, LOG_LEVELS, REPO_ROOT, type LogLevel } from './config-variables';
export type { ChatWidgetConfig } from './web/chat-widget-config';
export type { CompanyRegistryConfig } from './modules/prospects/config';
export type { RateLimitConfig } from './http/config';
export type { StripePriceKey } from './modules/billing/config';

/** A relative path is resolved against the repository root: `npm start` runs the API from api/. */
const repoPath = z.string().transform((raw) => path.resolve(REPO_ROOT, raw));

function parseOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return failVariable(
      'CORS_ORIGINS',
      'doit être une liste d’origines séparées par des virgules, comme https://app.example.com',
      raw,
    );
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !raw.endsWith('/');
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare) {
    failVariable('CORS_ORIGINS', 'doit contenir des origines (schéma://hôte[:port], sans chemin)', raw);
  }
  return url.origin;
}

/** Where the server listens, what it serves and to whom: the composition root's own section. */
const serverSection = defineSection(
  {
    PORT: variableWithDefault(integer(1, 65535), 'doit être un entier entre 1 et 65535', 3000),
    HOST: variableWithDefault(
      z.string().regex(/^[\w.:-]+$/),
      'doit être une adresse ou un nom d’hôte',
      '0.0.0.0',
    ),
    PUBLIC_URL: variable(httpUrl, 'doit être une URL http(s) absolue, comme https://app.example.com'),
    DATA_DIR: variableWithDefault(repoPath, 'doit être un dossier', path.join(REPO_ROOT, '.data')),
    WEB_ROOT: variableWithDefault(repoPath, 'doit être un dossier', REPO_ROOT),
    LOG_LEVEL: variable(z.enum(LOG_LEVELS), `doit valoir ${LOG_LEVELS.join(', ')}`),
    TRUST_PROXY: variable(
      z
        .string()
        .regex(/^[\w.:/, -]+$/)
        .transform((raw) => {
          if (raw === 'false') return false;
          if (raw === 'true') return true;
          return /^\d+$/.test(raw) ? Number(raw) : raw;
        }),
      'doit être true, false, un nombre de proxys ou une liste d’adresses',
    ),
    JSON_BODY_LIMIT: variableWithDefault(
      z.string().regex(/^\d+(b|kb|mb)$/i),
      'doit être une taille comme 100kb ou 1mb',
      '1mb',
    ),
    // Each origin is checked in the section's build, to name the one that is wrong.
    CORS_ORIGINS: variable(
      z.string().transform((raw) =>
        raw
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      ),
      'doit être une liste d’origines séparées par des virgules',
    ),
    // The cores, each an API process on the same port and store (docs/decisions/every-core.md).
    WEB_CONCURRENCY: variableWithDefault(
      integer(1, 256),
      'doit être un nombre de processus entre 1 et 256',
      availableParallelism(),
    ),
    MONGODB_URI: variable(
      z.string().regex(/^mongodb(\+srv)?:\/\/\S+$/),
      'doit être une URI MongoDB (mongodb:// ou mongodb+srv://)',
      { secret: 'password' },
    ),
  },
  (values, env) => ({
    port: values.PORT,
    host: values.HOST,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    dataDir: values.DATA_DIR,
    webRoot: values.WEB_ROOT,
    logLevel: values.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: values.TRUST_PROXY ?? false,
    bodyLimit: values.JSON_BODY_LIMIT,
    corsOrigins: (values.CORS_ORIGINS ?? []).map(parseOrigin),
    mongodbUri: values.MONGODB_URI,
    webConcurrency: values.WEB_CONCURRENCY,
  }),
);

type ServerConfig = ReturnType<typeof serverSection.build>;
type SectionConfig<X extends { build: (...args: never[]) => unknown }> = ReturnType<X['build']>;

export type Config = ServerConfig &
  SectionConfig<typeof mailSection> &
  SectionConfig<typeof billingSection> &
  SectionConfig<typeof chatWidgetSection> &
  SectionConfig<typeof prospectsSection> &
  SectionConfig<typeof roundsSection> &
  SectionConfig<typeof opportunitiesSection> &
  SectionConfig<typeof licencesSection> &
  SectionConfig<typeof digestSection> &
  SectionConfig<typeof auditSection> & {
    /** Remote entries replacing the manifest's, by its entry name (REMOTE_URL_<NAME>). */
    remoteUrls: Record<string, string>;
    security: AccountsSecurityConfig & SectionConfig<typeof accessSection>;
    /**
     * Every variable the configuration reads, with its effective value (defaults applied; null when
     * unset without a fixed default; secrets hidden): what the start logs.
     */
    variables: Readonly<Record<string, unknown>>;
  };

export type SecurityConfig = Config['security'];

/** Parses the whole configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed: [Section<z.ZodRawShape, unknown>, ParsedSection<unknown>][] = [];
  const parse = <S extends z.ZodRawShape, T>(section: Section<S, T>): T => {
    const result = parseSection(section, env);
    parsed.push([section as unknown as Section<z.ZodRawShape, unknown>, result]);
    return result.config;
  };

  const server = parse(serverSection);
  const mail = parse(mailSection);
  const billing = parse(billingSection);
  const chatWidget = parse(chatWidgetSection);
  const prospects = parse(prospectsSection);
  const rounds = parse(roundsSection);
  // The remotes' variables are those of the deployment's manifest, in the web root just parsed.
  const remotes = parse(remotesSection(deploymentManifest(server.webRoot)));
  const opportunities = parse(opportunitiesSection);
  const licences = parse(licencesSection);
  const digest = parse(digestSection);
  const audit = parse(auditSection);
  const accounts = parse(accountsSection);
  const access = parse(accessSection);

  const variables: Record<string, unknown> = {};
  for (const [section, { values }] of parsed)
    for (const name of Object.keys(section.schema.shape))
      variables[name] = shownValue(section.schema.shape[name] as z.ZodType, values[name]);

  return {
    ...server,
    ...mail,
    ...billing,
    ...chatWidget,
    ...prospects,
    ...rounds,
    ...remotes,
    ...opportunities,
    ...licences,
    ...digest,
    ...audit,
    security: { ...accounts, ...access },
    variables,
  };
}
