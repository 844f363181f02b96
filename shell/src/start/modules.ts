// SPEC.md §1: six modules, only prospecting is active.
export type ModuleCard = { id: string; title: string; description: string; to: string | null };

export const MODULES: readonly ModuleCard[] = [
  {
    id: 'prospecting',
    title: 'Logiciel de prospection',
    description: 'Fichiers, opportunités et relances.',
    to: '/dashboard/prospect',
  },
  {
    id: 'crm',
    title: 'Gestion de la relation client',
    description: 'Suivi des clients et des contacts.',
    to: null,
  },
  { id: 'quotes', title: 'Devis', description: 'Création et suivi des devis.', to: null },
  {
    id: 'customer-space',
    title: 'Espace client dédié',
    description: 'Un portail pour vos clients.',
    to: null,
  },
  { id: 'documents', title: 'Gestion documentaire', description: 'Vos documents au même endroit.', to: null },
  {
    id: 'interventions',
    title: 'Gestion des interventions',
    description: 'Planification des interventions.',
    to: null,
  },
];
