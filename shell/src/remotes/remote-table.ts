import type { IconName } from '../layout/icons';

// Path prefix -> remote. The four modules of today; a manifest entry of the object form
// ({ "entry": "...", "routes": ["/dashboard/crm"] }) adds a module without touching this file.
export const DEFAULT_REMOTE_ROUTES: Record<string, readonly string[]> = {
  auth: ['/login', '/register', '/forgot', '/reset-password', '/discovery', '/invitation'],
  prospecting: [
    '/dashboard/prospect',
    '/dashboard/opportunity',
    '/dashboard/tournees',
    '/dashboard/aujourdhui',
  ],
  settings: ['/dashboard/prospect/settings'],
  billing: ['/dashboard/subscription', '/dashboard/paiement', '/dashboard/nosub'],
};

/** A navigation entry a module brings (e.g. "Gestion des tournées"); `active: false` shows "Fonctionnalité non disponible". */
export type ModuleNavigationEntry = {
  label: string;
  to: string;
  icon?: IconName;
  /** Permission bit the user needs in the current organisation (domain/src/permissions.ts). */
  permission?: number;
  active: boolean;
};

/** What the shell shows of a module: its start-screen card and its navigation entries. */
export type ModuleMetadata = {
  title: string;
  description: string;
  icon?: IconName;
  /** Where the card leads when the module is active. */
  to?: string;
  permission?: number;
  active: boolean;
  navigation: readonly ModuleNavigationEntry[];
};

/** One entry of /remotes.json. `entry` is '' for a module announced before its remote is deployed. */
export type RemoteDefinition = {
  name: string;
  entry: string;
  routes: readonly string[];
  module?: ModuleMetadata;
};

/** The remote owning `pathname`: the most specific prefix wins, matched on whole path segments. */
export function findRemoteForPath(remotes: readonly RemoteDefinition[], pathname: string): string | null {
  let best: { name: string; length: number } | null = null;
  for (const remote of remotes) {
    for (const prefix of remote.routes) {
      const matches = pathname === prefix || pathname.startsWith(`${prefix}/`);
      if (matches && (!best || prefix.length > best.length))
        best = { name: remote.name, length: prefix.length };
    }
  }
  return best?.name ?? null;
}
