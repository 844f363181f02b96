import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteDefinition } from './remote-table';

/** A remote whose manifest, entry or module could not be loaded. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remoteId: string,
    readonly lifecycle: string,
    cause: unknown,
  ) {
    super(`Le module ${remoteId} n'a pas pu être chargé (${lifecycle})`, { cause });
    this.name = 'RemoteLoadError';
  }
}

let pluginRegistered = false;
const registeredEntries = new Map<string, string>();

export function registerFederatedRemotes(remotes: readonly RemoteDefinition[]): void {
  if (!pluginRegistered) {
    registerPlugins([
      {
        name: 'shell-remote-errors',
        // One place where every load failure (manifest, entry script, module) becomes a RemoteLoadError,
        // which the remote route's error boundary turns into "Module indisponible".
        errorLoadRemote({ id, error, lifecycle }) {
          console.warn(`[federation] ${id} indisponible (${lifecycle})`, error);
          throw new RemoteLoadError(id, lifecycle, error);
        },
      },
    ]);
    pluginRegistered = true;
  }
  const reachable = remotes.filter(({ entry }) => entry !== '');
  for (const { name, entry } of reachable) registeredEntries.set(name, entry);
  registerRemotes(
    reachable.map(({ name, entry }) => ({ name, entry })),
    { force: true },
  );
}

/**
 * Before a retry: registering the remote again with `force` makes the runtime forget its failed
 * manifest and entry, so the next load really fetches them again.
 */
export function forgetFailedRemote(name: string): void {
  const entry = registeredEntries.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

export type RemoteModule = { default: ComponentType };

const loadedRoutes = new Map<string, RemoteModule>();

export async function loadRemoteRoutes(name: string): Promise<RemoteModule> {
  const module = await loadRemote<RemoteModule>(`${name}/Routes`);
  if (!module?.default) throw new RemoteLoadError(name, 'onLoad', new Error('exposition ./Routes absente'));
  loadedRoutes.set(name, module);
  return module;
}

/**
 * A remote's routes already loaded (the first screen's, loaded before the first render): rendered at
 * once, with no loading screen in between (the page's static first paint stays until then).
 */
export function loadedRemoteRoutes(name: string): RemoteModule | undefined {
  return loadedRoutes.get(name);
}
