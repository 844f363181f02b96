// The e-mail's unsubscribe link, outside the JSON registry (a page, and the RFC 8058 one-click POST):
// GET shows a page with one button, because link scanners open every link of an e-mail and must not
// unsubscribe anyone; POST (that button, or the mail client's List-Unsubscribe-Post) turns it off.
// Server-rendered French HTML with no script (the CSP forbids inline scripts; a form needs none).
import express, { type Response, Router } from 'express';
import { escapeHtml } from '../../mail/templates';
import type { DigestService } from './service';

export const UNSUBSCRIBE_PATH = '/api/digest/unsubscribe';

const INVALID =
  'Ce lien de désinscription n’est pas valide. Vous pouvez désactiver l’e-mail du matin depuis la page « Mon compte » de l’application.';

function page(res: Response, status: number, title: string, body: string): void {
  res.status(status).set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').type('html')
    .send(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0;padding:2rem}
main{max-width:34rem;margin:auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0001}
button{margin-top:1rem;padding:.75rem 1.5rem;min-height:44px;background:#2357d9;color:#fff;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
.error{color:#b3261e;font-weight:600}
</style></head><body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`);
}

function tokenOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function unsubscribeRouter(digest: DigestService, accountUrl: string): Router {
  const router = Router();
  router.get(UNSUBSCRIBE_PATH, async (req, res) => {
    const token = tokenOf(req.query.token);
    const scope = await digest.unsubscribeScope(token);
    if (!scope) {
      page(res, 400, 'Lien non valide', `<p class="error" role="alert">${escapeHtml(INVALID)}</p>`);
      return;
    }
    page(
      res,
      200,
      'E-mail du matin',
      `<p>Ne plus recevoir l’e-mail du matin de « ${escapeHtml(scope.organisationName)} » ?</p>
<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token ?? '')}">
<button type="submit">Me désinscrire</button>
</form>`,
    );
  });
  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` (form-encoded) to the header's URL.
  router.post(UNSUBSCRIBE_PATH, express.urlencoded({ extended: false, limit: '2kb' }), async (req, res) => {
    const token =
      tokenOf(req.query.token) ?? tokenOf((req.body as Record<string, unknown> | undefined)?.token);
    const done = await digest.unsubscribe(token);
    if (!done) {
      page(res, 400, 'Lien non valide', `<p class="error" role="alert">${escapeHtml(INVALID)}</p>`);
      return;
    }
    page(
      res,
      200,
      'Désinscription confirmée',
      `<p role="status">Vous ne recevrez plus l’e-mail du matin de « ${escapeHtml(done.organisationName)} ».</p>
<p>Vous pouvez le réactiver à tout moment depuis <a href="${escapeHtml(accountUrl)}">votre compte</a>.</p>`,
    );
  });
  return router;
}
