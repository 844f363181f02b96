import { type Billing, formatDate, formatLongDate, planOf } from '@app/domain';
import { useApiQuery } from '@app/platform';
import { getMainSub } from '../api/get-main-sub';

const PERIOD_LABELS: Record<Billing, string> = { monthly: 'mensuel', yearly: 'annuel' };

const STATUS_LABELS: Record<'active' | 'past_due' | 'canceled', string> = {
  active: 'Actif',
  past_due: 'Paiement en retard',
  canceled: 'Résilié',
};

export type SubscriptionSummaryProps = { organisationId: string };

/** Above the licences: the paid subscription that feeds them, or the trial when there is none. */
export function SubscriptionSummary({ organisationId }: SubscriptionSummaryProps) {
  const subscription = useApiQuery(getMainSub, { organisationId }, { key: 'stripe/getMainSub' }).data;

  if (!subscription) return null;
  if (subscription.price === null)
    return (
      <p className="licences__subscription">
        Aucun abonnement payant : licences d’essai
        {subscription.trialEndsAt === undefined
          ? ''
          : ` jusqu’au ${formatLongDate(subscription.trialEndsAt)}`}
        .
      </p>
    );
  return (
    <div className="licences__subscription" role="group" aria-label="Abonnement">
      <p>
        Abonnement {planOf(subscription.plan).name} · {PERIOD_LABELS[subscription.period]} ·{' '}
        {subscription.seats} licence{subscription.seats > 1 ? 's' : ''} · {STATUS_LABELS[subscription.status]}{' '}
        · renouvellement le {formatDate(subscription.renewalAt)}
      </p>
      {subscription.warning ? (
        <p className="licences__warning" role="alert">
          {subscription.warning}
        </p>
      ) : null}
    </div>
  );
}
