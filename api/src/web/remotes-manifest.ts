// The remotes manifest served at /remotes.json: the deployment's `remotes.json` in the web root (remote
// entries, route prefixes, module cards and navigation entries) with REMOTE_URL_<NAME> overrides.
// docs/decisions/module-manifest.md.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, REMOTE_NAMES, type RemoteName } from '../config';

export type RemotesManifestEntry = string | ({ entry?: string } & Record<string, unknown>);
export type RemotesManifest = Record<string, RemotesManifestEntry>;

export const REMOTES_MANIFEST_FILE = 'remotes.json';

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The web root's remotes.json, read once at start; null when the deployment ships none. A file that is
 * not a JSON object of entries stops the start with a French message: a deployment error must be loud.
 * The module metadata is passed through as is: the shell validates it and leaves out what it cannot show.
 */
export function readRemotesManifestFile(webRoot: string): RemotesManifest | null {
  const file = path.join(webRoot, REMOTES_MANIFEST_FILE);
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

const defaultEntry = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;

/**
 * /remotes.json: the file's entries in its order, REMOTE_URL_<NAME> replacing the entry of the four
 * remotes served here; one of them missing from the file gets its page-relative default.
 */
export function remotesManifest(
  config: Pick<Config, 'remoteUrls'>,
  file: RemotesManifest | null = null,
): RemotesManifest {
  const manifest: RemotesManifest = {};
  for (const [name, value] of Object.entries(file ?? {})) {
    const override = isRemoteName(name) ? config.remoteUrls[name] : undefined;
    if (typeof value === 'string') manifest[name] = override ?? value;
    else {
      const entry = override ?? value.entry ?? (isRemoteName(name) ? defaultEntry(name) : undefined);
      manifest[name] = entry === undefined ? value : { ...value, entry };
    }
  }
  for (const name of REMOTE_NAMES)
    if (!(name in manifest)) manifest[name] = config.remoteUrls[name] ?? defaultEntry(name);
  return manifest;
}

/** Every remote entry URL of the served manifest, so the page's CSP lets the shell load them. */
export function remoteEntryUrls(config: Pick<Config, 'webRoot' | 'remoteUrls'>): Record<string, string> {
  const manifest = remotesManifest(config, readRemotesManifestFile(config.webRoot));
  return Object.fromEntries(
    Object.entries(manifest).flatMap(([name, value]) => {
      const entry = typeof value === 'string' ? value : value.entry;
      return entry === undefined ? [] : [[name, entry]];
    }),
  );
}
