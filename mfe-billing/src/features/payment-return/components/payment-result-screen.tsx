import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, useDocumentTitle } from '@app/platform';
import '../payment-return.css';

export type PaymentResultScreenProps = { outcome: 'success' | 'cancel' };

/** Where a payment ends: '/dashboard/paiement/success' or '/dashboard/paiement/cancel' (SPEC §2). */
export function PaymentResultScreen({ outcome }: PaymentResultScreenProps) {
  useDocumentTitle('Paiement', outcome === 'success' ? 'Accepté' : 'Erreur');
  const navigate = useNavigate();
  const seats = (useLocation().state as { seats?: unknown } | null)?.seats;
  const success = outcome === 'success';
  return (
    <section
      className={`ui-card billing-result billing-result--${outcome}`}
      aria-labelledby="payment-result-title"
    >
      <h1 id="payment-result-title" className="ui-page-title">
        {success ? 'Paiement accepté' : 'Erreur de paiement'}
      </h1>
      {success ? (
        <p>
          {typeof seats === 'number' && seats > 0
            ? `Merci ! ${seats} ${seats > 1 ? 'licences sont disponibles' : 'licence est disponible'} pour votre organisation : ${seats > 1 ? 'attribuez-les' : 'attribuez-la'} depuis la gestion des licences.`
            : 'Merci ! Vos licences sont disponibles : attribuez-les depuis la gestion des licences.'}
        </p>
      ) : (
        <p>
          Le paiement n’a pas abouti et aucune licence n’a été ajoutée. Vous pouvez réessayer depuis{' '}
          <Link to="/dashboard/subscription">la page d’abonnement</Link>.
        </p>
      )}
      <Button onClick={() => navigate('/dashboard/prospect')}>Validé</Button>
    </section>
  );
}
