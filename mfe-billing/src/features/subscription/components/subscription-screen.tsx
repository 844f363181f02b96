import { useState } from 'react';
import { BILLING_LABELS, BILLINGS, PLANS, type Billing, type PlanCode } from '@app/domain';
import { Button, useDocumentTitle } from '@app/platform';
import { createOwner } from '../api/create-owner';
import { useOwner } from '../hooks/use-owner';
import { usePrices } from '../hooks/use-prices';
import { leaveForCheckout } from '../utils/leave-for-checkout';
import { AddOnCards } from './add-on-cards';
import { CheckoutRecap } from './checkout-recap';
import { CurrentSubscriptionNotice } from './current-subscription-notice';
import { DemoBanner } from './demo-banner';
import { OwnerOnlyNotice } from './owner-only-notice';
import { PackPrice } from './pack-price';
import '../subscription.css';

/** The checkout opens with one seat, the owner's; the buyer may change the count there (API: adjustable). */
const FIRST_SUBSCRIPTION_SEATS = 1;

/** /dashboard/subscription: step 0 chooses billing and pack, step 2 recaps and opens the checkout. */
export function SubscriptionScreen() {
  const { organisationId, isOwner } = useOwner();
  const prices = usePrices(organisationId);
  const [billing, setBilling] = useState<Billing>('monthly');
  const [chosen, setChosen] = useState<PlanCode | null>(null);
  useDocumentTitle('Abonnement', chosen ? 'Récapitulatif' : 'Choix du pack');
  const product = prices.status === 'ready' && chosen ? prices.productOf(chosen, billing) : null;

  const handleStart = async (code: string | undefined) => {
    if (!organisationId || !product) return;
    const { link } = await createOwner({ organisationId, product, ...(code ? { code } : {}) });
    leaveForCheckout(link);
  };

  return (
    <section className="billing-page" aria-labelledby="subscription-title">
      <h1 id="subscription-title" className="ui-page-title">
        {chosen ? 'Votre abonnement' : 'Choisissez votre pack'}
      </h1>
      {prices.status === 'ready' && prices.mode === 'demo' ? <DemoBanner /> : null}
      {isOwner ? null : <OwnerOnlyNotice />}
      <CurrentSubscriptionNotice organisationId={organisationId} />
      {chosen && isOwner ? (
        <>
          <CheckoutRecap
            plan={chosen}
            billing={billing}
            seats={FIRST_SUBSCRIPTION_SEATS}
            note="Montant pour une licence, la vôtre : le nombre de licences se règle sur la page de paiement."
            submitLabel="Démarrer l'aventure"
            canSubmit={product !== null}
            onSubmit={handleStart}
          />
          <Button variant="ghost" className="billing-back" onClick={() => setChosen(null)}>
            Changer de pack
          </Button>
        </>
      ) : (
        <>
          <fieldset className="billing-toggle">
            <legend>Facturation</legend>
            {BILLINGS.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="billing"
                  value={option}
                  checked={billing === option}
                  onChange={() => setBilling(option)}
                />
                {BILLING_LABELS[option]}
              </label>
            ))}
          </fieldset>
          <p className="billing-vat-note">Prix hors taxes (HT), TVA de 20 % en sus.</p>
          <ul className="billing-packs">
            {PLANS.map((plan) => (
              <li key={plan.code} className="ui-card billing-pack">
                <h2 id={`billing-pack-${plan.key}`}>{plan.name}</h2>
                <PackPrice plan={plan.code} billing={billing} />
                {isOwner ? (
                  <Button aria-describedby={`billing-pack-${plan.key}`} onClick={() => setChosen(plan.code)}>
                    Choisir ce pack
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <AddOnCards />
        </>
      )}
    </section>
  );
}
