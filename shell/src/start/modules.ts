import { useContext } from 'react';
import { hasPermission } from '@app/domain';
import { useSessionStore } from '@app/platform';
import type { ModuleMetadata, ModuleNavigationEntry } from '../remotes/remote-table';
import { RemotesContext } from '../remotes/remotes-context';

// SPEC.md §1: the modules and their state come from the remotes manifest (remotes.json at the web root),
// so a module is activated by a manifest change plus its deployment (docs/decisions/module-manifest.md).
export type ModuleCard = ModuleMetadata & { id: string };
export type ModuleNavigationItem = ModuleNavigationEntry & { id: string };

type Gated = { active: boolean; permission?: number };

/** A deactivated entry looks the same to everyone; an active one needs its permission bit, when it names one. */
export function isShownTo(entry: Gated, permissions: number): boolean {
  return !entry.active || entry.permission === undefined || hasPermission(permissions, entry.permission);
}

/** The start screen's cards, in the manifest's order. */
export function useModuleCards(): ModuleCard[] {
  const remotes = useContext(RemotesContext);
  const permissions = useSessionStore((state) => state.permissions);
  return remotes.flatMap(({ name, module }) =>
    module && isShownTo(module, permissions) ? [{ ...module, id: name }] : [],
  );
}

/** The navigation entries the modules bring, in the manifest's order. */
export function useModuleNavigation(): ModuleNavigationItem[] {
  const remotes = useContext(RemotesContext);
  const permissions = useSessionStore((state) => state.permissions);
  return remotes.flatMap(({ name, module }) =>
    (module?.navigation ?? [])
      .filter((entry) => isShownTo(entry, permissions))
      .map((entry, index) => ({ ...entry, id: `${name}-${index}` })),
  );
}
