import { Link } from 'react-router-dom';
import '../../../settings.css';
import { PERMISSION } from '@app/domain';
import { useDocumentTitle } from '@app/platform';
import { useAccess } from '../../../session/use-access';

type Tile = { id: string; title: string; description: string; to: string; permission?: number };

// SPEC.md §2 "Settings hub": each tile opens its page; Abonnement belongs to the billing remote.
// A tile with a permission is shown only to the roles holding it.
const TILES: readonly Tile[] = [
  {
    id: 'collaborators',
    title: 'Collaborateurs',
    description: 'Membres, rôles attribués, invitations et licences.',
    to: '/dashboard/prospect/settings/collaborateurs',
  },
  {
    id: 'subscription',
    title: 'Abonnement',
    description: 'Formule et paiement de votre organisation.',
    to: '/dashboard/subscription',
  },
  {
    id: 'roles',
    title: 'Rôles',
    description: 'Rôles et permissions de votre organisation.',
    to: '/dashboard/prospect/settings/roles',
  },
  {
    id: 'teams',
    title: 'Équipes et organisations',
    description: 'Renommer ou quitter l’organisation.',
    to: '/dashboard/prospect/settings/organisation',
  },
  {
    id: 'data',
    title: 'Données',
    description: 'Exporter toutes les données en fichiers CSV.',
    to: '/dashboard/prospect/settings/donnees',
  },
  {
    id: 'account',
    title: 'Compte',
    description: 'Vos informations, votre mot de passe, vos sessions.',
    to: '/dashboard/prospect/settings/compte',
  },
  {
    id: 'audit',
    title: 'Historique',
    description: 'Qui a changé quoi et quand, avant et après ; export CSV.',
    to: '/dashboard/prospect/settings/historique',
    permission: PERMISSION.VIEW_HISTORY,
  },
];

export function SettingsHub() {
  useDocumentTitle('Paramètres');
  const { can } = useAccess();
  const tiles = TILES.filter((tile) => tile.permission === undefined || can(tile.permission));
  return (
    <section>
      <h1 className="ui-page-title">Paramètres</h1>
      <ul className="settings-tiles">
        {tiles.map((tile) => (
          <li key={tile.id} className="ui-card settings-tile">
            <h2>
              <Link to={tile.to}>{tile.title}</Link>
            </h2>
            <p>{tile.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
