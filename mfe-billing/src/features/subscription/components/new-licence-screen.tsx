import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LICENCE_MIN_COUNT } from '@app/domain';
import { Spinner, useApiQuery, useDocumentTitle } from '@app/platform';
import { getMainSub } from '../api/get-main-sub';
import { newLicense } from '../api/new-license';
import { useOwner } from '../hooks/use-owner';
import { usePrices } from '../hooks/use-prices';
import { leaveForCheckout } from '../utils/leave-for-checkout';
import { CheckoutRecap } from './checkout-recap';
import { DemoBanner } from './demo-banner';
import { LicenceCounter } from './licence-counter';
import { OwnerOnlyNotice } from './owner-only-notice';
import '../subscription.css';

/** /dashboard/paiement/new: more seats on the organisation's current plan and billing. */
export function NewLicenceScreen() {
  useDocumentTitle('Abonnement', 'Ajouter des licences');
  const { organisationId, isOwner } = useOwner();
  const prices = usePrices(organisationId);
  const mainSub = useApiQuery(getMainSub, organisationId ? { organisationId } : null, {
    key: 'stripe/getMainSub',
  });
  const subscription =
    mainSub.error !== undefined
      ? ({ status: 'failed' } as const)
      : mainSub.data
        ? ({ status: 'ready', sub: mainSub.data } as const)
        : ({ status: 'loading' } as const);
  const [seats, setSeats] = useState<number | null>(LICENCE_MIN_COUNT);

  const sub = subscription.status === 'ready' && subscription.sub.price !== null ? subscription.sub : null;
  const product = sub && prices.status === 'ready' ? prices.productOf(sub.plan, sub.period) : null;

  const handleBuy = async (code: string | undefined) => {
    if (!organisationId || !product || seats === null) return;
    const { link } = await newLicense({
      organisationId,
      product,
      numberLicence: seats,
      ...(code ? { code } : {}),
    });
    leaveForCheckout(link);
  };

  return (
    <section className="billing-page" aria-labelledby="new-licence-title">
      <h1 id="new-licence-title" className="ui-page-title">
        Ajouter des licences
      </h1>
      {prices.status === 'ready' && prices.mode === 'demo' ? <DemoBanner /> : null}
      {!isOwner ? (
        <OwnerOnlyNotice />
      ) : subscription.status === 'loading' ? (
        <Spinner />
      ) : subscription.status === 'failed' ? (
        <p className="billing-owner-notice">Votre abonnement n’a pas pu être lu : réessayez plus tard.</p>
      ) : sub === null ? (
        <p className="billing-owner-notice">
          Votre organisation n’a pas encore d’abonnement : choisissez d’abord un pack.{' '}
          <Link to="/dashboard/subscription">Choisir un pack</Link>
        </p>
      ) : (
        <>
          {sub.warning ? (
            <p className="billing-owner-notice" role="status">
              {sub.warning}
            </p>
          ) : null}
          <p>
            Abonnement en cours : {sub.seats} {sub.seats > 1 ? 'licences' : 'licence'}. Les nouvelles licences
            suivent la même formule et la même facturation.
          </p>
          <CheckoutRecap
            plan={sub.plan}
            billing={sub.period}
            seats={seats}
            submitLabel="Acheter les licences"
            canSubmit={product !== null}
            onSubmit={handleBuy}
          >
            <LicenceCounter onChange={setSeats} />
          </CheckoutRecap>
        </>
      )}
    </section>
  );
}
