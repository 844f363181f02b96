import { displayValue, type MessageView, type ProspectView } from '@app/domain';
import { CallLink } from '../../../components/call-link';
import { mailHref, phoneHref } from '../../../utils/contact-hrefs';
import { companyRegistryHref, professionalNetworkHref } from '../utils/tool-links';

export type ToolTilesProps = {
  prospect: ProspectView;
  opportunityId: string;
  onCallRecorded: (message: MessageView) => void;
};

type Tile = { label: string; icon: string; href: string | null; external: boolean; hint: string };

// Line pictograms (24×24 paths): no emoji, whose font a workstation may lack.
const ICONS = {
  call: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  network: 'M4 4h16v16H4zM8 10v6M8 7v.5M12 16v-6M12 12.5a2.5 2.5 0 0 1 5 0V16',
  script: 'M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 16h7',
  registry: 'M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3z',
} as const;

function TileIcon({ path }: { path: string }) {
  return (
    <svg
      className="tool-tile__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Call, Mail, professional network, Script (always disabled), company registry. */
export function ToolTiles({ prospect, opportunityId, onCallRecorded }: ToolTilesProps) {
  const tiles: Tile[] = [
    {
      label: 'Appeler',
      icon: ICONS.call,
      href: phoneHref(prospect.telephone),
      external: false,
      hint: 'Aucun téléphone',
    },
    {
      label: 'Mail',
      icon: ICONS.mail,
      href: mailHref(prospect.eMail),
      external: false,
      hint: 'Aucun e-mail',
    },
    {
      label: 'LinkedIn',
      icon: ICONS.network,
      href: professionalNetworkHref(prospect.prospect),
      external: true,
      hint: 'Aucun nom',
    },
    { label: 'Script', icon: ICONS.script, href: null, external: false, hint: 'Bientôt disponible' },
    {
      label: 'Annuaire des entreprises',
      icon: ICONS.registry,
      href: companyRegistryHref(prospect.siret),
      external: true,
      hint: 'Aucun SIRET',
    },
  ];
  return (
    <nav className="tool-tiles" aria-label="Outils">
      {tiles.map((tile) =>
        tile.href && tile.icon === ICONS.call ? (
          // The call tile offers to record the call's outcome once the user is back.
          <CallLink
            key={tile.label}
            className="tool-tile"
            phone={prospect.telephone}
            opportunityId={opportunityId}
            callee={displayValue(prospect.prospect)}
            onRecorded={onCallRecorded}
          >
            <TileIcon path={tile.icon} />
            {tile.label}
          </CallLink>
        ) : tile.href ? (
          <a
            key={tile.label}
            className="tool-tile"
            href={tile.href}
            {...(tile.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <TileIcon path={tile.icon} />
            {tile.label}
          </a>
        ) : (
          <button key={tile.label} type="button" className="tool-tile" disabled title={tile.hint}>
            <TileIcon path={tile.icon} />
            {tile.label}
          </button>
        ),
      )}
    </nav>
  );
}
