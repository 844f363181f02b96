// The billing component for the composition root: Stripe when STRIPE_SECRET_KEY is set, the
// demonstration provider otherwise (docs/decisions/billing.md).
import { Router } from 'express';
import type { Logger } from 'pino';
import type { StripeConfig } from './config';
import type { RecordAudit } from '../audit/module';
import { Leases } from '../../db/leases';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import type { PaidLicences } from '../licences/module';
import type { Membership } from '../organisations/module';
import { DemoBillingProvider } from './demo-provider';
import { demoPagesRouter } from './demo-pages';
import type { BillingProvider } from './provider';
import { BillingRepository } from './repository';
import { registerBillingRoutes, webhookRouter } from './routes';
import { BillingService } from './service';
import { type StripeApiAddress, StripeBillingProvider } from './stripe-provider';

export type { StripeApiAddress } from './stripe-provider';

export type BillingModuleDeps = {
  store: Store;
  config: { stripe: StripeConfig; publicUrl: string };
  licences: PaidLicences;
  membership: Pick<Membership, 'ownerOf'>;
  now: () => number;
  logger: Logger;
  /** The organisation's audit log (subscription changes). */
  record: RecordAudit;
  /** Tests point the official client at a local fake of the Stripe API. */
  stripeApi?: StripeApiAddress;
};

export type BillingModule = {
  start(): Promise<void>;
  registerRoutes(api: ApiRoutes): void;
  /** Routes outside the JSON registry: the webhook (raw body) and the demo provider's pages. */
  router: Router;
  provider: BillingProvider;
};

export function createBillingModule(deps: BillingModuleDeps): BillingModule {
  const repository = new BillingRepository(deps.store);
  const { secretKey } = deps.config.stripe;
  const demo =
    secretKey === undefined ? new DemoBillingProvider(deps.store, deps.config.publicUrl, deps.now) : null;
  const provider: BillingProvider =
    demo ??
    new StripeBillingProvider({
      secretKey: secretKey ?? '',
      webhookSecret: deps.config.stripe.webhookSecret,
      prices: deps.config.stripe.prices,
      now: deps.now,
      ...(deps.stripeApi ? { api: deps.stripeApi } : {}),
    });
  const billing = new BillingService({
    provider,
    repository,
    licences: deps.licences,
    ownerOf: (organisationId) => deps.membership.ownerOf(organisationId),
    publicUrl: deps.config.publicUrl,
    now: deps.now,
    logger: deps.logger,
    leases: new Leases(deps.store, 'billingSyncLeases', deps.now),
    record: deps.record,
  });
  const router = Router();
  router.use(webhookRouter(billing));
  if (demo) router.use(demoPagesRouter(demo));
  return {
    start: async () => {
      await repository.ensureIndexes();
      await demo?.ensureIndexes();
    },
    registerRoutes: (api) => registerBillingRoutes(api, billing),
    router,
    provider,
  };
}
