// The refusals of the prospects component. A private, foreign or unknown id gets the same answer.
import { AppError } from '../../http/app-error';

export const PROSPECT_MESSAGES = {
  fileNotFound: 'Fichier introuvable',
  prospectNotFound: 'Prospect introuvable',
  importNotFound: 'Import introuvable ou déjà terminé',
  missingRows: (expected: number) =>
    `Lignes manquantes : le prochain lot doit commencer à la ligne ${expected}`,
  tooManyRows: (total: number) => `Le fichier contient plus de lignes qu’annoncé (${total})`,
  incomplete: (received: number, total: number) =>
    `Import incomplet : ${received} lignes reçues sur ${total}`,
  interrupted: 'Import interrompu, veuillez recommencer',
  importBusy: 'Ce lot est déjà en cours d’enregistrement, veuillez réessayer dans un instant',
  deleted: (name: string) => `${name} a correctement été supprimé !`,
} as const;

export const fileNotFound = () => AppError.notFound(PROSPECT_MESSAGES.fileNotFound);
export const prospectNotFound = () => AppError.notFound(PROSPECT_MESSAGES.prospectNotFound);
