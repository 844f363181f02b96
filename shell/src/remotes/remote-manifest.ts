import { isIconName } from '../layout/icons';
import {
  DEFAULT_REMOTE_ROUTES,
  type ModuleMetadata,
  type ModuleNavigationEntry,
  type RemoteDefinition,
} from './remote-table';

export const REMOTES_MANIFEST_PATH = '/remotes.json';

/** The manifest's entries the shell could use, and why the others were left out (in French). */
export type ParsedRemoteManifest = { remotes: RemoteDefinition[]; problems: string[] };

/**
 * Reads /remotes.json so remote URLs, route prefixes, start-screen cards and navigation entries are
 * decided at deploy time, not baked into the shell's build (docs/decisions/module-manifest.md).
 */
export async function fetchRemoteDefinitions(): Promise<RemoteDefinition[]> {
  // Served no-cache (revalidated every time); a plain fetch reuses the page's preload hint.
  const response = await fetch(REMOTES_MANIFEST_PATH);
  if (!response.ok) throw new Error(`Manifeste des modules illisible (HTTP ${response.status})`);
  const { remotes, problems } = parseRemoteManifest(await response.json(), window.location.origin);
  // A malformed entry is left out and the rest of the shell starts: say which one, for its team.
  for (const problem of problems) console.warn(`[shell] /remotes.json : ${problem}`);
  return remotes;
}

const NAME = /^[a-z][a-z0-9-]{0,39}$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isPermissionBit = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && (value & (value - 1)) === 0;

/**
 * Each entry is either the URL of a remote's mf-manifest.json, or an object:
 * `{ entry?, routes?, module?: { title, description, icon?, to?, permission?, active, navigation? } }`.
 * An entry that cannot be used is left out; a malformed `module` leaves the remote's routes working
 * without a card or navigation entry.
 */
export function parseRemoteManifest(manifest: unknown, origin: string): ParsedRemoteManifest {
  if (!isObject(manifest)) return { remotes: [], problems: ['le manifeste doit être un objet JSON'] };
  const remotes: RemoteDefinition[] = [];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(manifest)) {
    const problem = (reason: string) => problems.push(`entrée « ${name} » ignorée : ${reason}`);
    if (!NAME.test(name)) {
      problem('nom invalide (lettres minuscules, chiffres et tirets)');
      continue;
    }
    const raw = typeof value === 'string' ? { entry: value } : value;
    if (!isObject(raw)) {
      problem('une URL ou un objet est attendu');
      continue;
    }
    const entry = raw.entry === undefined ? '' : resolveEntry(raw.entry, origin);
    if (entry === null) {
      problem('« entry » doit être une URL http(s) ou un chemin commençant par /');
      continue;
    }
    const routes = raw.routes ?? DEFAULT_REMOTE_ROUTES[name] ?? [];
    if (!Array.isArray(routes) || !routes.every(isPath)) {
      problem('« routes » doit être une liste de chemins commençant par /');
      continue;
    }
    const remote: RemoteDefinition = { name, entry, routes };
    if (raw.module !== undefined) {
      const module = parseModule(raw.module);
      if (typeof module === 'string') problems.push(`module « ${name} » ignoré : ${module}`);
      else remote.module = module;
    }
    remotes.push(remote);
  }
  return { remotes, problems };
}

function resolveEntry(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value.startsWith('//')) return null;
  try {
    const url = new URL(value, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The module's card and navigation entries, or the French reason they cannot be shown. */
function parseModule(value: unknown): ModuleMetadata | string {
  if (!isObject(value)) return '« module » doit être un objet';
  const { title, description, icon, to, permission, active, navigation = [] } = value;
  if (!isText(title)) return '« title » est obligatoire';
  if (typeof description !== 'string') return '« description » doit être un texte';
  if (typeof active !== 'boolean') return '« active » doit valoir true ou false';
  if (icon !== undefined && !isIconName(icon)) return `icône inconnue « ${String(icon)} »`;
  if (to !== undefined && !isPath(to)) return '« to » doit être un chemin commençant par /';
  if (active && to === undefined) return 'un module actif doit indiquer sa page (« to »)';
  if (permission !== undefined && !isPermissionBit(permission))
    return '« permission » doit être un bit de permission (puissance de 2)';
  if (!Array.isArray(navigation)) return '« navigation » doit être une liste';
  const entries: ModuleNavigationEntry[] = [];
  for (const item of navigation) {
    const entry = parseNavigationEntry(item);
    if (typeof entry === 'string') return `entrée de navigation invalide : ${entry}`;
    entries.push(entry);
  }
  return {
    title,
    description,
    active,
    navigation: entries,
    ...(icon === undefined ? {} : { icon }),
    ...(to === undefined ? {} : { to }),
    ...(permission === undefined ? {} : { permission }),
  };
}

function parseNavigationEntry(value: unknown): ModuleNavigationEntry | string {
  if (!isObject(value)) return 'un objet est attendu';
  const { label, to, icon, permission, active } = value;
  if (!isText(label)) return '« label » est obligatoire';
  if (!isPath(to)) return '« to » doit être un chemin commençant par /';
  if (typeof active !== 'boolean') return '« active » doit valoir true ou false';
  if (icon !== undefined && !isIconName(icon)) return `icône inconnue « ${String(icon)} »`;
  if (permission !== undefined && !isPermissionBit(permission))
    return '« permission » doit être un bit de permission (puissance de 2)';
  return {
    label,
    to,
    active,
    ...(icon === undefined ? {} : { icon }),
    ...(permission === undefined ? {} : { permission }),
  };
}
