import '../../../settings.css';

// SPEC.md §2 "Settings hub": the wired actions arrive with the collaborators, roles and licences features.
const TILES = [
  {
    id: 'collaborators',
    title: 'Collaborateurs',
    description: 'Invitez et gérez les membres de votre équipe.',
  },
  { id: 'subscription', title: 'Abonnement', description: 'Licences et formule de votre organisation.' },
  { id: 'roles', title: 'Rôles', description: 'Rôles, permissions et attribution.' },
  { id: 'teams', title: 'Équipes et organisations', description: 'Vos équipes et vos organisations.' },
  { id: 'data', title: 'Données', description: 'Vos données et leur gestion.' },
  { id: 'account', title: 'Compte', description: 'Vos informations personnelles.' },
] as const;

export function SettingsHub() {
  return (
    <section>
      <h1 className="ui-page-title">Paramètres</h1>
      <ul className="settings-tiles">
        {TILES.map((tile) => (
          <li key={tile.id} className="ui-card settings-tile">
            <h2>{tile.title}</h2>
            <p>{tile.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
