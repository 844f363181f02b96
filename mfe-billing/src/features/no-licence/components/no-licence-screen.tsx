import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDocumentTitle, useSessionStore } from '@app/platform';
import '../no-licence.css';

/**
 * SPEC §2 "No-licence page": where the API's 269 reply sends a member without a licence. It is about
 * the organisation the user was in: switching to another one goes back to the home page, from where
 * a call without a licence there would come back here.
 */
export function NoLicenceScreen() {
  useDocumentTitle('Aucune licence');
  const navigate = useNavigate();
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const shownFor = useRef(organisationId);

  useEffect(() => {
    if (organisationId !== shownFor.current) navigate('/dashboard', { replace: true });
  }, [organisationId, navigate]);

  return (
    <section className="ui-card billing-nosub" aria-labelledby="nosub-title">
      <h1 id="nosub-title" className="ui-page-title">
        Aucune licence… veuillez contacter l&apos;administrateur de votre organisation
      </h1>
      <p>
        Votre compte fait bien partie de l’organisation, mais aucune licence ne vous est attribuée : la
        prospection reste fermée tant qu’un administrateur ne vous en a pas donné une.
      </p>
      <Link to="/dashboard">Revenir à l’accueil</Link>
    </section>
  );
}
