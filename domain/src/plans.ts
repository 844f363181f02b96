export const PLAN_CODES = [1, 2, 4] as const;

export type PlanCode = (typeof PLAN_CODES)[number];

export type PlanKey = 'individual' | 'manager' | 'enterprise';

export type Billing = 'monthly' | 'yearly';

export const BILLINGS: readonly Billing[] = ['monthly', 'yearly'];

/** The subscription screen's toggle labels (SPEC §2). */
export const BILLING_LABELS: Record<Billing, string> = {
  monthly: 'Au mois',
  yearly: "A l'année",
};

export type Plan = {
  readonly code: PlanCode;
  /** Lower-case English key, e.g. for the STRIPE_PRICE_<PLAN>_<MONTHLY|YEARLY> variables. */
  readonly key: PlanKey;
  readonly name: string;
  /** Per-user price per month, in euro cents, when billed every month. */
  readonly monthlyPriceCents: number;
  /** Per-user price per month, in euro cents, when billed once a year. */
  readonly yearlyPriceCents: number;
};

// SPEC §9: the lower figure is the yearly-billing price; see docs/decisions/plan-prices.md.
export const PLANS: readonly Plan[] = [
  { code: 1, key: 'individual', name: 'Individual', monthlyPriceCents: 1990, yearlyPriceCents: 1490 },
  { code: 2, key: 'manager', name: 'Manager', monthlyPriceCents: 2590, yearlyPriceCents: 1990 },
  { code: 4, key: 'enterprise', name: 'Enterprise', monthlyPriceCents: 3690, yearlyPriceCents: 3000 },
];

export function isPlanCode(value: unknown): value is PlanCode {
  return typeof value === 'number' && (PLAN_CODES as readonly number[]).includes(value);
}

export function planOf(code: PlanCode): Plan {
  const plan = PLANS.find((candidate) => candidate.code === code);
  if (!plan) throw new RangeError(`Offre inconnue : ${String(code)}`);
  return plan;
}

/** Per-user monthly price in euro cents for the chosen billing, as the subscription screen shows it. */
export function planPrice(code: PlanCode, billing: Billing): number {
  const plan = planOf(code);
  return billing === 'yearly' ? plan.yearlyPriceCents : plan.monthlyPriceCents;
}

/** Per-user amount billed once a year, in euro cents: 12 times the displayed yearly price. */
export function yearlyTotal(code: PlanCode): number {
  return 12 * planPrice(code, 'yearly');
}

/**
 * French display of an amount in cents: 1490 -> '14,90 €'. Written by hand rather than with Intl
 * so server and browsers render the same characters (Intl inserts narrow no-break spaces).
 */
export function formatEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.round(Math.abs(cents));
  const euros = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const rest = (absolute % 100).toString().padStart(2, '0');
  return `${sign}${euros},${rest} €`;
}

/** Which payment provider the API runs with: Stripe, or the demonstration provider of `npm start`. */
export type BillingMode = 'stripe' | 'demo';

/** One buyable price, as /api/stripe/prices sends it (docs/decisions/billing.md). */
export type BillingPrice = {
  readonly plan: PlanCode;
  readonly period: Billing;
  /** The provider's price id to send back as `product` (demo: `demo_<plan>_<period>`). */
  readonly product: string;
  /** Per-user price per month as the screens show it (planPrice), in euro cents, HT. */
  readonly unitAmountCents: number;
  /** What one seat is charged per billing period: the monthly price, or 12 × the yearly one. */
  readonly billedAmountCents: number;
  readonly currency: 'eur';
};

export type BillingPricesReply = { readonly mode: BillingMode; readonly prices: readonly BillingPrice[] };

/** /api/stripe/getMainSub: the organisation's subscription, or `{ price: null }` when it has none. */
export type MainSubscription =
  | {
      readonly price: string;
      readonly plan: PlanCode;
      readonly period: Billing;
      /** Paid seats over every active subscription of the organisation. */
      readonly seats: number;
      readonly status: 'active' | 'past_due' | 'canceled';
      /** Epoch ms: end of the paid period. */
      readonly renewalAt: number;
      /** For the owner: a French warning (payment failed, licences released after a seat drop). */
      readonly warning?: string;
    }
  | {
      readonly price: null;
      /** Epoch ms: the end of the free trial, while the organisation has bought nothing (licences.md). */
      readonly trialEndsAt?: number;
    };

/** The demonstration provider's price id of a plan and billing period. */
export function demoProductId(code: PlanCode, billing: Billing): string {
  return `demo_${code}_${billing}`;
}

/** Every plan and billing pair, in the order the screens list them. */
export function planBillings(): { plan: PlanCode; period: Billing }[] {
  return PLANS.flatMap((plan) => BILLINGS.map((period) => ({ plan: plan.code, period })));
}
