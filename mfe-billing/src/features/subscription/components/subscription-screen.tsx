import { useState } from 'react';
import { BILLING_LABELS, formatEuros, PLANS, planPrice, type Billing } from '@app/domain';
import { Button } from '@app/platform';
import '../../../billing.css';

/** /dashboard/subscription, step 0: plan choice (the payment steps arrive with the billing feature). */
export function SubscriptionScreen() {
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <section>
      <h1 className="ui-page-title">Choisissez votre pack</h1>
      <div className="billing-toggle" role="radiogroup" aria-label="Facturation">
        {(['monthly', 'yearly'] as const).map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="billing"
              checked={billing === option}
              onChange={() => setBilling(option)}
            />
            {BILLING_LABELS[option]}
          </label>
        ))}
      </div>
      <ul className="billing-packs">
        {PLANS.map((plan) => (
          <li key={plan.code} className="ui-card billing-pack">
            <h2>{plan.name}</h2>
            <p className="billing-pack__price">
              {formatEuros(planPrice(plan.code, billing))} <span>par utilisateur et par mois</span>
            </p>
            <Button>Choisir ce pack</Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
