import { apiPost } from '@app/platform';
import type { ProspectFileDetail } from '../types/prospect-file';

export type GetProspectFileInput = { organisationId: string; excelId: string };

/** One file with its per-state figures; a private, foreign or unknown id is a 404 'Fichier introuvable'. */
export function getProspectFile(input: GetProspectFileInput): Promise<{ excel: ProspectFileDetail }> {
  return apiPost<{ excel: ProspectFileDetail }>('/api/prospect/get/excel/one', input);
}
