import type { PlanCode } from '@app/domain';

// The spec names the packs but not their contents; docs/decisions/billing-screens.md says why these.
export const PACK_CONTENTS: Record<PlanCode, readonly string[]> = {
  1: [
    'Logiciel de prospection',
    'Import de fichiers de prospection (CSV)',
    'Suivi des opportunités et des relances',
    'Export CSV des opportunités',
  ],
  2: [
    'Tout le pack Individual',
    'Collaborateurs, rôles et permissions',
    'Attribution des licences à l’équipe',
    'Fichiers de prospection partagés',
  ],
  4: [
    'Tout le pack Manager',
    'Export de toutes les données de l’organisation',
    'Accès aux nouveaux modules dès leur ouverture',
    'Support prioritaire',
  ],
};

export type AddOn = { id: string; title: string; description: string; needsCrm: boolean };

/** The five modules beyond prospecting (SPEC §1), sold as add-ons once they open. */
export const ADD_ONS: readonly AddOn[] = [
  {
    id: 'crm',
    title: 'Gestion de la relation client',
    description: 'Suivi des clients et des contacts.',
    needsCrm: false,
  },
  { id: 'quotes', title: 'Devis', description: 'Création et suivi des devis.', needsCrm: true },
  {
    id: 'customer-space',
    title: 'Espace client dédié',
    description: 'Un portail pour vos clients.',
    needsCrm: true,
  },
  {
    id: 'documents',
    title: 'Gestion documentaire',
    description: 'Vos documents au même endroit.',
    needsCrm: false,
  },
  {
    id: 'interventions',
    title: 'Gestion des interventions',
    description: 'Planification des interventions.',
    needsCrm: true,
  },
];
