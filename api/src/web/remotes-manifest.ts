// The remotes manifest served at /remotes.json: the deployment's `remotes.json` in the web root (remote
// entries, route prefixes, module cards and navigation entries) with REMOTE_URL_<NAME> overrides. The
// manifest is the one list of remotes: the variables, the remotes served here and the CSP derive from it.
// docs/decisions/module-manifest.md.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defineSection, type Env, httpUrl, refuseUnknownOfFamily, variable } from '../config-variables';

export type RemotesManifestEntry = string | ({ entry?: string } & Record<string, unknown>);
export type RemotesManifest = Record<string, RemotesManifestEntry>;

export const REMOTES_MANIFEST_FILE = 'remotes.json';
/** The repository's committed manifest: api/src/web and api/dist/web are three levels below the root. */
const COMMITTED_MANIFEST = path.resolve(__dirname, '..', '..', '..', REMOTES_MANIFEST_FILE);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const entryOf = (value: RemotesManifestEntry): string | undefined =>
  typeof value === 'string' ? value : value.entry;

/**
 * The web root's remotes.json, read once at start; null when the deployment ships none. A file that is
 * not a JSON object of entries stops the start with a French message: a deployment error must be loud.
 * The module metadata is passed through as is: the shell validates it and leaves out what it cannot show.
 */
export function readRemotesManifestFile(webRoot: string): RemotesManifest | null {
  return readManifest(path.join(webRoot, REMOTES_MANIFEST_FILE));
}

function readManifest(file: string): RemotesManifest | null {
  if (!existsSync(file)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} n’est pas un JSON valide : ${(error as Error).message}`, { cause: error });
  }
  if (!isObject(parsed)) throw new Error(`${file} doit être un objet { "<module>": { "entry": … } }`);
  for (const [name, value] of Object.entries(parsed)) {
    const entry = isObject(value) ? value.entry : value;
    if (typeof value !== 'string' && !isObject(value))
      throw new Error(`${file} : l’entrée « ${name} » doit être une URL ou un objet`);
    if (entry !== undefined && typeof entry !== 'string')
      throw new Error(`${file} : « entry » de « ${name} » doit être l’URL de son mf-manifest.json`);
  }
  return parsed as RemotesManifest;
}

/**
 * The deployment's manifest before the overrides: the web root's remotes.json or, for a web root that
 * ships none, the remotes of the repository's (their entries only: cards and navigation entries are the
 * deployment's to declare).
 */
export function deploymentManifest(webRoot: string): RemotesManifest {
  const file = readRemotesManifestFile(webRoot);
  if (file) return file;
  const committed = readManifest(COMMITTED_MANIFEST) ?? {};
  return Object.fromEntries(
    Object.entries(committed).flatMap(([name, value]) => {
      const entry = entryOf(value);
      return entry === undefined ? [] : [[name, entry]];
    }),
  );
}

/** REMOTE_URL_<NAME>: the manifest name upper-cased, a dash becoming an underscore (customer-space → CUSTOMER_SPACE). */
export const remoteUrlVariable = (name: string) => `REMOTE_URL_${name.toUpperCase().replaceAll('-', '_')}`;

const remoteUrl = z
  .string()
  .refine((raw) => (raw.startsWith('/') && !raw.startsWith('//') ? true : httpUrl.safeParse(raw).success));

/** The remotes section of the configuration: one REMOTE_URL_<NAME> per entry of the deployment's manifest. */
export function remotesSection(manifest: RemotesManifest) {
  const names = Object.keys(manifest);
  const variables = Object.fromEntries(
    names.map((name) => [
      remoteUrlVariable(name),
      variable(
        remoteUrl,
        'doit être l’URL absolue du mf-manifest.json du remote (ou un chemin commençant par /)',
      ),
    ]),
  );
  return defineSection(variables, (values, env: Env) => {
    refuseUnknownOfFamily(
      env,
      'REMOTE_URL_',
      variables,
      `ne correspond à aucune entrée de ${REMOTES_MANIFEST_FILE} (entrées : ${names.join(', ') || 'aucune'})`,
    );
    const remoteUrls: Record<string, string> = {};
    for (const name of names) {
      const value = (values as Record<string, string | undefined>)[remoteUrlVariable(name)];
      if (value !== undefined) remoteUrls[name] = value;
    }
    return { remoteUrls };
  });
}

/** /remotes.json: the deployment's entries in their order, REMOTE_URL_<NAME> replacing an entry. */
export function remotesManifest(
  config: { remoteUrls: Record<string, string> },
  file: RemotesManifest,
): RemotesManifest {
  const manifest: RemotesManifest = {};
  for (const [name, value] of Object.entries(file)) {
    const override = config.remoteUrls[name];
    if (typeof value === 'string') manifest[name] = override ?? value;
    else manifest[name] = override === undefined ? value : { ...value, entry: override };
  }
  return manifest;
}

/** The remotes served here, in one-port mode: the entries at /remotes/<name>/mf-manifest.json. */
export function remotesServedHere(file: RemotesManifest): string[] {
  return Object.entries(file).flatMap(([name, value]) =>
    /^[a-z][a-z0-9]*$/.test(name) && entryOf(value) === `/remotes/${name}/mf-manifest.json` ? [name] : [],
  );
}

/** Every remote entry URL of the served manifest, so the page's CSP lets the shell load them. */
export function remoteEntryUrls(config: {
  webRoot: string;
  remoteUrls: Record<string, string>;
}): Record<string, string> {
  const manifest = remotesManifest(config, deploymentManifest(config.webRoot));
  return Object.fromEntries(
    Object.entries(manifest).flatMap(([name, value]) => {
      const entry = entryOf(value);
      return entry === undefined ? [] : [[name, entry]];
    }),
  );
}
