// The building blocks of a configuration section: one environment variable is a zod schema over its
// trimmed text, with the rule its error message states; a section is one zod object of its variables and
// the function that shapes them for the module reading it (docs/decisions/configuration.md).
import path from 'node:path';
import { z } from 'zod';

/** The repository root: api/src (tests) and api/dist (built) are both two levels below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** What a variable's metadata holds: the rule its error states, and how the start log shows its value. */
type VariableMeta = { rule: string; secret?: 'all' | 'password' };

/** Empty strings count as "not set", as shells and .env files produce them. */
const blankToUndefined = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** An optional variable: `schema` parses its text, `rule` completes "<NAME> <rule> (reçu: …)". */
export function variable<T>(
  schema: z.ZodType<T, string>,
  rule: string,
  options: { secret?: VariableMeta['secret'] } = {},
) {
  return z.preprocess(blankToUndefined, schema.optional()).meta({ rule, ...options } satisfies VariableMeta);
}

/** A variable with a default applied when it is unset (the default is the parsed value, not text). */
export function variableWithDefault<T>(schema: z.ZodType<T, string>, rule: string, fallback: NoInfer<T>) {
  return z
    .preprocess(
      blankToUndefined,
      schema.optional().transform((value) => value ?? fallback),
    )
    .meta({ rule } satisfies VariableMeta);
}

export type Section<S extends z.ZodRawShape, T> = {
  /** One zod object over the environment: a key per variable the section reads. */
  schema: z.ZodObject<S>;
  /** The section as its module reads it; cross-variable rules throw a ConfigError. */
  build: (values: z.output<z.ZodObject<S>>, env: Env) => T;
};

export function defineSection<S extends z.ZodRawShape, T>(
  variables: S,
  build: (values: z.output<z.ZodObject<S>>, env: Env) => T,
): Section<S, T> {
  return { schema: z.object(variables), build };
}

/** The parsed variables of a section, and the section itself. */
export type ParsedSection<T> = { values: Record<string, unknown>; config: T };

export function failVariable(name: string, rule: string, received: string | undefined): never {
  throw new ConfigError(name, `${name} ${rule} (reçu: ${received ?? 'rien'})`);
}

/** Parses one section; throws a ConfigError naming the first bad variable, with its rule. */
export function parseSection<S extends z.ZodRawShape, T>(section: Section<S, T>, env: Env): ParsedSection<T> {
  const result = section.schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? '');
    const meta = (section.schema.shape[name] as z.ZodType | undefined)?.meta() as VariableMeta | undefined;
    failVariable(name, meta?.rule ?? issue?.message ?? 'est invalide', env[name]);
  }
  const values = result.data as Record<string, unknown>;
  return { values, config: section.build(result.data, env) };
}

/** Refuses a variable of a family (STRIPE_PRICE_…, REMOTE_URL_…) that the section does not know. */
export function refuseUnknownOfFamily(
  env: Env,
  prefix: string,
  known: Record<string, unknown>,
  rule: string,
): void {
  const unknown = Object.keys(env)
    .filter((key) => key.startsWith(prefix) && !Object.hasOwn(known, key) && env[key]?.trim())
    .sort();
  if (unknown[0] !== undefined) failVariable(unknown[0], rule, env[unknown[0]] ?? '');
}

const REDACTED = '***';

/** What the start log shows of a variable's parsed value: a secret is hidden, a URL keeps all but its password. */
export function shownValue(schema: z.ZodType | undefined, value: unknown): unknown {
  if (value === undefined) return null;
  const secret = (schema?.meta() as VariableMeta | undefined)?.secret;
  if (secret === 'all') return REDACTED;
  if (secret === 'password' && typeof value === 'string') {
    try {
      const url = new URL(value);
      if (url.password === '') return value;
      url.password = REDACTED;
      return url.href.replace(/\/$/, value.endsWith('/') ? '/' : '');
    } catch {
      return REDACTED;
    }
  }
  return value;
}

// Shared rules.

export const httpUrl = z
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

export const integer = (min: number, max: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));
