import { Link } from 'react-router-dom';
import { formatDate, PLANS } from '@app/domain';
import { useApiQuery } from '@app/platform';
import { getMainSub } from '../api/get-main-sub';
import { TrialNotice } from './trial-notice';

type CurrentSubscriptionNoticeProps = { organisationId: string | null };

/**
 * On the packs page of an organisation that already pays: what it has, and that a pack chosen here
 * is a second subscription, billed on top (docs/decisions/billing.md); more seats go through
 * "Ajouter des licences". While nothing is bought, when the trial ends.
 */
export function CurrentSubscriptionNotice({ organisationId }: CurrentSubscriptionNoticeProps) {
  // The notice is a courtesy: without it the page works as before (the client showed the error).
  const current = useApiQuery(getMainSub, organisationId ? { organisationId } : null, {
    key: 'stripe/getMainSub',
  }).data;

  if (current?.price === null && current.trialEndsAt !== undefined)
    return <TrialNotice endsAt={current.trialEndsAt} />;
  if (!current || current.price === null || current.status === 'canceled') return null;
  const plan = PLANS.find((candidate) => candidate.code === current.plan)?.name ?? '';
  const seats = `${current.seats} ${current.seats > 1 ? 'licences' : 'licence'}`;
  const paid =
    current.status === 'active' ? `payé jusqu’au ${formatDate(current.renewalAt)}` : 'paiement en attente';
  return (
    <div className="ui-card billing-current" role="note" aria-label="Abonnement en cours">
      <p>
        Votre organisation a déjà un abonnement <strong>{plan}</strong>{' '}
        {current.period === 'yearly' ? 'annuel' : 'mensuel'} : {seats}, {paid}.
      </p>
      <p>
        Pour plus de licences, passez par <Link to="/dashboard/paiement/new">Ajouter des licences</Link>. Un
        pack choisi ci-dessous ouvre un second abonnement, facturé en plus du premier.
      </p>
    </div>
  );
}
