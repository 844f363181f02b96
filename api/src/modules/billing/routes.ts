// /api/stripe/* billing calls ({card-provider} = stripe, SPEC.md §7) and the webhook, which takes the
// raw body (the signature is over the exact bytes) and no session.
import { createOwnerSchema, newLicenseSchema, portalLinkSchema, saveSessionSchema } from '@app/domain';
import express, { Router } from 'express';
import { z } from 'zod';
import type { ApiRoutes } from '../../http/api-routes';
import type { BillingService } from './service';

export function registerBillingRoutes(api: ApiRoutes, billing: BillingService): void {
  api.post({
    path: '/api/stripe/prices',
    access: 'organisation',
    body: z.object({}),
    handler: async () => billing.prices(),
  });

  api.post({
    path: '/api/stripe/createOwner',
    access: 'organisation',
    body: createOwnerSchema,
    handler: ({ organisation, input }) =>
      billing.checkoutLink(organisation, {
        product: input.product,
        code: input.code,
        seats: 1,
        adjustable: true,
      }),
  });

  api.post({
    path: '/api/stripe/newLicense',
    access: 'organisation',
    body: newLicenseSchema,
    handler: ({ organisation, input }) =>
      billing.checkoutLink(organisation, {
        product: input.product,
        code: input.code,
        seats: input.numberLicence,
        adjustable: false,
      }),
  });

  api.post({
    path: '/api/stripe/save',
    access: 'organisation',
    body: saveSessionSchema,
    handler: ({ organisation, input }) => billing.save(organisation, input.session_id),
  });

  api.post({
    path: '/api/stripe/getMainSub',
    access: 'organisation',
    body: z.object({}),
    handler: ({ organisation }) => billing.mainSubscription(organisation),
  });

  api.post({
    path: '/api/stripe/getPortalLink',
    access: 'organisation',
    body: portalLinkSchema,
    handler: ({ organisation, input }) => billing.portalLink(organisation, input.keyId),
  });
}

/** POST /api/stripe/webhook: raw body, verified by the provider's helper before anything else. */
export function webhookRouter(billing: BillingService): Router {
  const router = Router();
  router.post('/api/stripe/webhook', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await billing.handleWebhook(body, req.header('stripe-signature')));
  });
  return router;
}
