import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { SavePaymentReply } from '@app/domain';
import { useDocumentTitle, useSessionStore } from '@app/platform';
import { savePayment } from '../api/save-payment';
import '../payment-return.css';

export const PAYMENT_SUCCESS_PATH = '/dashboard/paiement/success';
export const PAYMENT_CANCEL_PATH = '/dashboard/paiement/cancel';

// One save per session id, even when StrictMode or a re-render runs the effect twice.
const saving = new Map<string, Promise<SavePaymentReply>>();

function saveOnce(organisationId: string, sessionId: string): Promise<SavePaymentReply> {
  const key = `${organisationId}:${sessionId}`;
  let pending = saving.get(key);
  if (!pending) {
    pending = savePayment({ organisationId, session_id: sessionId });
    saving.set(key, pending);
    // A later visit asks again (the API answers the same session the same way).
    pending.then(
      () => saving.delete(key),
      () => saving.delete(key),
    );
  }
  return pending;
}

/** /dashboard/paiement/loading?session_id=…: the provider sent the browser back; the API checks and saves. */
export function PaymentLoadingScreen() {
  useDocumentTitle('Paiement', 'Vérification');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const navigate = useNavigate();

  useEffect(() => {
    if (!sessionId) {
      navigate(PAYMENT_CANCEL_PATH, { replace: true });
      return undefined;
    }
    if (!organisationId) return undefined;
    let current = true;
    saveOnce(organisationId, sessionId).then(
      (reply) => {
        if (current) navigate(PAYMENT_SUCCESS_PATH, { replace: true, state: { seats: reply.seats } });
      },
      () => {
        // SPEC §8: a failed save goes to the error page (the client has shown the server's message).
        if (current) navigate(PAYMENT_CANCEL_PATH, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [sessionId, organisationId, navigate]);

  return (
    <section className="ui-card billing-result" aria-labelledby="payment-loading-title" aria-busy="true">
      <h1 id="payment-loading-title" className="ui-page-title">
        Paiement en cours de vérification…
      </h1>
      <span className="ui-spinner" role="status" aria-label="Vérification du paiement">
        <span className="ui-spinner__wheel" aria-hidden="true" />
      </span>
      <p>Ne fermez pas cette page : vos licences sont en cours de création.</p>
    </section>
  );
}
