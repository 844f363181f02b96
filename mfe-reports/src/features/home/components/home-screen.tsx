import { Link } from 'react-router-dom';
import { useSessionStore } from '@app/platform';

/** First screen of the module, shown by the shell inside its dashboard layout. */
export function HomeScreen() {
  // The shell's session store: the module sees the organisation chosen in the header.
  const organisation = useSessionStore((state) =>
    state.organisations.find((candidate) => candidate._id === state.currentOrganisationId),
  );
  return (
    <section className="ui-card" aria-labelledby="reports-title">
      <h1 id="reports-title" className="ui-page-title">
        Rapports
      </h1>
      <p>Bienvenue dans le module « Rapports ».</p>
      <p>Organisation : {organisation?.name ?? 'aucune organisation choisie'}</p>
      <Link to="/dashboard">Revenir à l’accueil</Link>
    </section>
  );
}
