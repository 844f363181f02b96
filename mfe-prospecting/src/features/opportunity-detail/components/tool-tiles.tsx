import type { ProspectView } from '@app/domain';
import { companyRegistryHref, mailHref, phoneHref, professionalNetworkHref } from '../utils/tool-links';

export type ToolTilesProps = { prospect: ProspectView };

type Tile = { label: string; icon: string; href: string | null; external: boolean; hint: string };

/** Call, Mail, professional network, Script (always disabled), company registry. */
export function ToolTiles({ prospect }: ToolTilesProps) {
  const tiles: Tile[] = [
    {
      label: 'Appeler',
      icon: '☎',
      href: phoneHref(prospect.telephone),
      external: false,
      hint: 'Aucun téléphone',
    },
    { label: 'Mail', icon: '✉', href: mailHref(prospect.eMail), external: false, hint: 'Aucun e-mail' },
    {
      label: 'LinkedIn',
      icon: 'in',
      href: professionalNetworkHref(prospect.prospect),
      external: true,
      hint: 'Aucun nom',
    },
    { label: 'Script', icon: '📄', href: null, external: false, hint: 'Bientôt disponible' },
    {
      label: 'Annuaire des entreprises',
      icon: '🏛',
      href: companyRegistryHref(prospect.siret),
      external: true,
      hint: 'Aucun SIRET',
    },
  ];
  return (
    <nav className="tool-tiles" aria-label="Outils">
      {tiles.map((tile) =>
        tile.href ? (
          <a
            key={tile.label}
            className="tool-tile"
            href={tile.href}
            {...(tile.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <span className="tool-tile__icon" aria-hidden="true">
              {tile.icon}
            </span>
            {tile.label}
          </a>
        ) : (
          <button key={tile.label} type="button" className="tool-tile" disabled title={tile.hint}>
            <span className="tool-tile__icon" aria-hidden="true">
              {tile.icon}
            </span>
            {tile.label}
          </button>
        ),
      )}
    </nav>
  );
}
