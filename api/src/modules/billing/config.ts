// The billing section of the configuration: Stripe's keys and one price per plan and period, the plans
// being domain's (docs/decisions/configuration.md, billing.md).
import { BILLINGS, PLANS } from '@app/domain';
import { z } from 'zod';
import { defineSection, refuseUnknownOfFamily, variable } from '../../config-variables';

export const STRIPE_PLANS = PLANS.map(
  (plan) => plan.key.toUpperCase() as Uppercase<(typeof PLANS)[number]['key']>,
);
export const STRIPE_PERIODS = BILLINGS.map(
  (billing) => billing.toUpperCase() as Uppercase<(typeof BILLINGS)[number]>,
);
export type StripePriceKey = `${(typeof STRIPE_PLANS)[number]}_${(typeof STRIPE_PERIODS)[number]}`;

const PRICE_PREFIX = 'STRIPE_PRICE_';
const priceKeys = STRIPE_PLANS.flatMap((plan) =>
  STRIPE_PERIODS.map((period) => `${plan}_${period}` as StripePriceKey),
);
const priceVariables = Object.fromEntries(
  priceKeys.map((key) => [
    `${PRICE_PREFIX}${key}`,
    variable(z.string().regex(/^[\w-]+$/), 'doit être un identifiant de prix Stripe (price_…)'),
  ]),
);

export type StripeConfig = {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  prices: Partial<Record<StripePriceKey, string>>;
};

export const billingSection = defineSection(
  {
    STRIPE_SECRET_KEY: variable(
      z.string().regex(/^(sk|rk)_(test|live)_\w+$/),
      'doit être une clé secrète Stripe (sk_test_…, sk_live_…)',
      { secret: 'all' },
    ),
    STRIPE_WEBHOOK_SECRET: variable(
      z.string().regex(/^whsec_\w+$/),
      'doit être un secret de webhook Stripe (whsec_…)',
      { secret: 'all' },
    ),
    ...priceVariables,
  },
  (values, env): { stripe: StripeConfig } => {
    refuseUnknownOfFamily(
      env,
      PRICE_PREFIX,
      priceVariables,
      `n’est pas une variable connue : attendu ${PRICE_PREFIX}<${STRIPE_PLANS.join('|')}>_<${STRIPE_PERIODS.join('|')}>`,
    );
    const prices: Partial<Record<StripePriceKey, string>> = {};
    for (const key of priceKeys) {
      const value = (values as Record<string, string | undefined>)[`${PRICE_PREFIX}${key}`];
      if (value !== undefined) prices[key] = value;
    }
    return {
      stripe: {
        secretKey: values.STRIPE_SECRET_KEY,
        webhookSecret: values.STRIPE_WEBHOOK_SECRET,
        prices,
      },
    };
  },
);
