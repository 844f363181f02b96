import { DEFAULT_REMOTE_ROUTES, type RemoteDefinition } from './remote-table';

type ManifestEntry = string | { entry: string; routes?: string[] };

export const REMOTES_MANIFEST_PATH = '/remotes.json';

/**
 * Reads /remotes.json ({ "auth": "<url of mf-manifest.json>", ... }) so remote URLs are decided at
 * deploy time, not baked into the shell's build.
 */
export async function fetchRemoteDefinitions(): Promise<RemoteDefinition[]> {
  const response = await fetch(REMOTES_MANIFEST_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Manifeste des modules illisible (HTTP ${response.status})`);
  return parseRemoteManifest(
    (await response.json()) as Record<string, ManifestEntry>,
    window.location.origin,
  );
}

export function parseRemoteManifest(
  manifest: Record<string, ManifestEntry>,
  origin: string,
): RemoteDefinition[] {
  return Object.entries(manifest).flatMap(([name, value]) => {
    const entry = typeof value === 'string' ? value : value?.entry;
    if (typeof entry !== 'string') return [];
    const routes = (typeof value === 'object' && value.routes) || DEFAULT_REMOTE_ROUTES[name] || [];
    return [{ name, entry: new URL(entry, origin).href, routes }];
  });
}
