import { formatEuros, planPrice, type Billing, type PlanCode } from '@app/domain';
import { withVat } from '../utils/amounts';

export type PackPriceProps = { plan: PlanCode; billing: Billing };

/** A pack's per-user price as the toggle shows it, HT and TTC, and its yearly total (12 × that price). */
export function PackPrice({ plan, billing }: PackPriceProps) {
  const perMonth = planPrice(plan, billing);
  const perYear = 12 * perMonth;
  return (
    <div className="billing-price">
      <p className="billing-price__amount">
        {formatEuros(perMonth)} HT <span>par utilisateur et par mois</span>
      </p>
      <p className="billing-price__detail">soit {formatEuros(withVat(perMonth))} TTC</p>
      <p className="billing-price__detail">
        Total sur un an : {formatEuros(perYear)} HT par utilisateur
        {billing === 'yearly' ? ', facturé en une fois' : ', facturé chaque mois'}
      </p>
    </div>
  );
}
