import type { UndoImportReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type UndoImportInput = { organisationId: string; excelId: string };

/** "Annuler l'import": the file's untouched prospects go to the bin; the reply says what stayed and why. */
export function undoImport(input: UndoImportInput): Promise<UndoImportReply> {
  return apiPost<UndoImportReply>('/api/prospect/undoImport', input);
}
