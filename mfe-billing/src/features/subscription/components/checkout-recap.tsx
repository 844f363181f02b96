import { useState, type FormEvent, type ReactNode } from 'react';
import { BILLING_LABELS, formatEuros, planOf, planPrice, type Billing, type PlanCode } from '@app/domain';
import { Button, TextField } from '@app/platform';
import { invoiceAmount, withVat } from '../utils/amounts';
import { PACK_CONTENTS } from '../utils/pack-contents';

// The API's promo field allows 50 characters (domain/src/validation/billing.ts).
const PROMO_MAX_LENGTH = 50;

export type CheckoutRecapProps = {
  plan: PlanCode;
  billing: Billing;
  /** Seats bought; null while the counter holds an invalid value. */
  seats: number | null;
  /** The licence counter, on the new-licence screen. */
  children?: ReactNode;
  /** A line under the amount (e.g. where the number of licences is chosen). */
  note?: string;
  submitLabel: string;
  /** False while the provider's price ids are unknown. */
  canSubmit: boolean;
  /** Opens the checkout; rejects when the API refused (it has shown why). */
  onSubmit: (code: string | undefined) => Promise<void>;
};

/** Step 2 (and the new-licence screen): the pack's contents, what will be billed, the promo code. */
export function CheckoutRecap({
  plan,
  billing,
  seats,
  children,
  note,
  submitLabel,
  canSubmit,
  onSubmit,
}: CheckoutRecapProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const perSeat = planPrice(plan, billing);
  const invoice = seats === null ? null : invoiceAmount(perSeat, seats, billing);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (seats === null || busy || !canSubmit) return;
    setBusy(true);
    try {
      await onSubmit(code.trim() || undefined);
      // Success leaves the page for the checkout: the button stays busy until it does.
    } catch {
      // The API client has shown the server's message (e.g. an unknown promo code).
      setBusy(false);
    }
  };

  return (
    <form className="ui-card billing-recap" aria-labelledby="billing-recap-title" onSubmit={handleSubmit}>
      <h2 id="billing-recap-title">Pack {planOf(plan).name}</h2>
      <h3>Contenu du pack</h3>
      <ul className="billing-recap__contents">
        {PACK_CONTENTS[plan].map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <dl className="billing-recap__summary">
        <dt>Facturation</dt>
        <dd>{BILLING_LABELS[billing]}</dd>
        <dt>Prix par utilisateur</dt>
        <dd>{formatEuros(perSeat)} HT par mois</dd>
        <dt>{billing === 'yearly' ? 'Montant facturé par an' : 'Montant facturé par mois'}</dt>
        <dd data-testid="invoice-amount">
          {invoice === null ? '—' : `${formatEuros(invoice)} HT (${formatEuros(withVat(invoice))} TTC)`}
        </dd>
      </dl>
      {note ? <p className="billing-recap__hint">{note}</p> : null}
      {children}
      <TextField
        label="Code promo"
        name="code"
        autoComplete="off"
        maxLength={PROMO_MAX_LENGTH}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <p className="billing-recap__hint">La remise du code promo s’affiche sur la page de paiement.</p>
      <Button type="submit" disabled={busy || !canSubmit} aria-busy={busy}>
        {busy ? 'Redirection vers le paiement…' : submitLabel}
      </Button>
    </form>
  );
}
