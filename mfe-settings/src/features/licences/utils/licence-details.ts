import { formatDate, isPlanCode, planOf } from '@app/domain';
import type { Licence } from '../types/licence';

const PERIOD_LABELS: Record<string, string> = {
  trial: 'Essai gratuit',
  monthly: 'Mensuelle',
  month: 'Mensuelle',
  yearly: 'Annuelle',
  year: 'Annuelle',
};

/** 'Voir les details': the licence's plan, billing period and renewal date, in French. */
export function licenceDetails(licence: Licence): { label: string; value: string }[] {
  const plan = isPlanCode(licence.plan) ? planOf(licence.plan).name : String(licence.plan);
  return [
    { label: 'Formule', value: plan },
    { label: 'Période', value: PERIOD_LABELS[licence.period] ?? licence.period },
    {
      label: licence.trial ? 'Fin de l’essai' : 'Renouvellement',
      value: licence.renewalAt ? formatDate(licence.renewalAt) : 'Non renseigné',
    },
  ];
}

export type LicenceKind = { badge: 'Essai' | 'Payée'; until?: string };

/** The badge of a licence row: a trial key and until when it runs (or since when it is over), or a paid one. */
export function licenceKind(licence: Licence, now: number): LicenceKind {
  if (!licence.trial) return { badge: 'Payée' };
  if (!licence.renewalAt) return { badge: 'Essai' };
  const date = formatDate(licence.renewalAt);
  return { badge: 'Essai', until: licence.renewalAt > now ? `jusqu’au ${date}` : `terminé le ${date}` };
}
