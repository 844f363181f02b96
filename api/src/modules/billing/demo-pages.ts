// The demonstration provider's pages, served by the API: the checkout (recap + card form posted
// back here) and the portal. Server-rendered French HTML with no script at all (the CSP forbids
// inline scripts, and a form needs none).
import {
  BILLING_LABELS,
  demoCardSchema,
  formatDate,
  formatEuros,
  licenceCountSchema,
  planOf,
} from '@app/domain';
import express, { type Response, Router } from 'express';
import { parseOrMessage } from '../../http/validate';
import type { DemoBillingProvider, DemoCheckoutDoc } from './demo-provider';

const VAT_RATE = 0.2;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(res: Response, status: number, title: string, body: string): void {
  res.status(status).type('html').send(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0;padding:2rem}
main{max-width:34rem;margin:auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0001}
.demo{background:#fff4d6;border:1px solid #f0c36d;border-radius:8px;padding:.75rem 1rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#5b6475}dd{margin:0;text-align:right}
label{display:block;margin-top:1rem}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;margin-top:.3rem}
button,.button{display:inline-block;margin-top:1.5rem;padding:.75rem 1.5rem;background:#2357d9;color:#fff;border:0;border-radius:8px;font-size:1rem;text-decoration:none;cursor:pointer}
.error{color:#b3261e;font-weight:600}.hint{color:#5b6475;font-size:.9rem}
</style></head><body><main>
<p class="demo" role="note">Mode démonstration : aucun paiement réel</p>
${body}
</main></body></html>`);
}

function recap(provider: DemoBillingProvider, session: DemoCheckoutDoc): string {
  const price = provider.priceOf(session.product);
  if (!price) return '';
  const plan = planOf(price.plan);
  const subtotal = price.billedAmountCents * session.seats;
  const discount = Math.round((subtotal * session.percentOff) / 100);
  const totalHt = subtotal - discount;
  const totalTtc = Math.round(totalHt * (1 + VAT_RATE));
  const per = price.period === 'yearly' ? 'par an' : 'par mois';
  return `<dl>
<dt>Offre</dt><dd>${escapeHtml(plan.name)}</dd>
<dt>Facturation</dt><dd>${escapeHtml(BILLING_LABELS[price.period])}</dd>
<dt>Prix par licence</dt><dd>${formatEuros(price.unitAmountCents)} HT / mois</dd>
<dt>Licences</dt><dd>${session.seats}${session.adjustable ? ' (modifiable ci-dessous)' : ''}</dd>
${session.promoCode ? `<dt>Code promo</dt><dd>${escapeHtml(session.promoCode)} (−${session.percentOff} %)</dd>` : ''}
<dt>Total HT</dt><dd>${formatEuros(totalHt)} ${per}</dd>
<dt>Total TTC (TVA 20 %)</dt><dd><strong>${formatEuros(totalTtc)} ${per}</strong></dd>
</dl>`;
}

function checkoutPage(
  res: Response,
  provider: DemoBillingProvider,
  session: DemoCheckoutDoc,
  error?: string,
): void {
  const action = `/api/stripe/demo/checkout/${encodeURIComponent(session.sessionId)}`;
  page(
    res,
    error ? 400 : 200,
    'Paiement (démonstration)',
    `<h1>Paiement de votre abonnement</h1>
${recap(provider, session)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}">
${
  session.adjustable
    ? `<label>Nombre de licences<input name="seats" type="number" min="1" max="1000" value="${session.seats}" required></label>`
    : ''
}
<label>Numéro de carte<input name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required></label>
<label>Expiration (MM/AA)<input name="expiry" autocomplete="cc-exp" placeholder="12/34" required></label>
<label>Code de sécurité (CVC)<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></label>
<p class="hint">Cartes de test : 4242 4242 4242 4242 est acceptée, 4000 0000 0000 0002 est refusée.</p>
<button type="submit">Payer</button>
</form>
<p><a href="${escapeHtml(session.cancelUrl)}">Annuler et revenir à l’application</a></p>`,
  );
}

const missing = (res: Response) =>
  page(res, 404, 'Session introuvable', '<h1>Session de paiement introuvable ou expirée</h1>');

export function demoPagesRouter(provider: DemoBillingProvider): Router {
  const router = Router();

  router.get('/api/stripe/demo/checkout/:sessionId', async (req, res) => {
    const session = await provider.openSession(String(req.params.sessionId));
    if (!session) return missing(res);
    checkoutPage(res, provider, session);
  });

  router.post(
    '/api/stripe/demo/checkout/:sessionId',
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res) => {
      const sessionId = String(req.params.sessionId);
      const session = await provider.openSession(sessionId);
      const form = (req.body ?? {}) as Record<string, unknown>;
      const card = parseOrMessage(demoCardSchema, form);
      const seatsRaw = form.seats === undefined ? session?.seats : Number(form.seats);
      const seats = parseOrMessage(licenceCountSchema, seatsRaw);
      if (session && ('message' in card || 'message' in seats)) {
        const message = 'message' in card ? card.message : 'message' in seats ? seats.message : '';
        return checkoutPage(res, provider, session, message);
      }
      if (!('data' in card) || !('data' in seats)) return missing(res);
      const outcome = await provider.pay(sessionId, card.data, seats.data);
      if (outcome.kind === 'missing') return missing(res);
      if (outcome.kind === 'invalid') return checkoutPage(res, provider, outcome.session, outcome.message);
      if (outcome.location.includes('/paiement/cancel'))
        req.log?.info({ sessionId }, 'Carte refusée (démonstration)');
      res.redirect(303, outcome.location);
    },
  );

  router.get('/api/stripe/demo/portal/:portalId', async (req, res) => {
    const portal = await provider.portal(String(req.params.portalId));
    if (!portal) return page(res, 404, 'Portail expiré', '<h1>Lien du portail expiré</h1>');
    const rows = portal.subscriptions
      .map((subscription) => {
        const price = provider.priceOf(subscription.product);
        const name = price
          ? `${planOf(price.plan).name} – ${BILLING_LABELS[price.period]}`
          : subscription.product;
        return `<li>${escapeHtml(name)} : ${subscription.seats} licence(s), renouvellement le ${formatDate(subscription.currentPeriodEnd)}</li>`;
      })
      .join('');
    page(
      res,
      200,
      'Portail de facturation (démonstration)',
      `<h1>Portail de facturation</h1>
<ul>${rows || '<li>Aucun abonnement</li>'}</ul>
<p>Avec Stripe, ce portail permet de changer de carte, de télécharger les factures, de modifier le nombre de licences ou de résilier l’abonnement ; les changements reviennent dans l’application par webhook.</p>
<p>En mode démonstration, rien n’est modifiable ici : achetez des licences supplémentaires depuis « + Ajouter nouvelle licence ».</p>
<a class="button" href="${escapeHtml(portal.returnUrl)}">Revenir à l’application</a>`,
    );
  });

  return router;
}
