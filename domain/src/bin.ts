// The bin ("Corbeille", issue 23): the calls' bodies and replies, and the French words the API and
// the screens share. docs/decisions/bin.md.
import { z } from './zod';
import { fieldError, idField, OBJECT_ERROR } from './validation/fields';
import { MESSAGES } from './validation/messages';

/** What a bin record holds: a prospect file, an undone import, one prospect, one opportunity. */
export type BinKind = 'file' | 'import' | 'prospect' | 'opportunity';

/** Days a record stays restorable before the daily purge removes it. */
export const BIN_RETENTION_DAYS = 30;
export const BIN_PAGE_SIZE = 50;
export const BIN_MAX_PAGE_SIZE = 200;

export const BIN_KIND_LABELS: Readonly<Record<BinKind, string>> = {
  file: 'Fichier de prospects',
  import: 'Import annulé',
  prospect: 'Prospect',
  opportunity: 'Opportunité',
};

/** Why "Annuler l'import" kept some prospects (a prospect may count under several reasons). */
export type UndoKeptReasons = { opportunity: number; commented: number; edited: number };

export type BinCounts = { prospects: number; opportunities: number; comments: number };

/** One line of the bin as /api/bin/list answers it. */
export type BinRow = {
  _id: string;
  kind: BinKind;
  label: string;
  deletedBy: string;
  deletedByName: string;
  /** Epoch ms. */
  deletedAt: number;
  /** When the daily purge removes it (epoch ms). */
  purgeAt: number;
  counts: BinCounts;
};

export type BinListReply = { value: BinRow[]; total: number };
export type BinRestoredReply = { message: string; kind: BinKind; excelId?: string; opportunityId?: string };
export type BinDeletedReply = { message: string; binId: string };
export type UndoImportReply = {
  message: string;
  removed: number;
  kept: number;
  reasons: UndoKeptReasons;
  /** True when nothing was kept: the file itself went to the bin. */
  fileRemoved: boolean;
  /** Null when no prospect could be removed (nothing went to the bin). */
  binId: string | null;
};

const binId = idField('élément de la corbeille', MESSAGES.invalidType('élément de la corbeille'));

/** /api/bin/restore. */
export const binIdSchema = z.object({ binId }, OBJECT_ERROR);

/** /api/bin/list: newest first. */
export const binListSchema = z.object(
  {
    offset: z
      .number({ error: fieldError('position') })
      .int(MESSAGES.invalidType('position'))
      .min(0, MESSAGES.invalidType('position'))
      .max(Number.MAX_SAFE_INTEGER, MESSAGES.invalidType('position'))
      .default(0),
    limit: z
      .number({ error: fieldError('limite') })
      .int(MESSAGES.invalidType('limite'))
      .min(1, MESSAGES.invalidType('limite'))
      .max(BIN_MAX_PAGE_SIZE, MESSAGES.invalidType('limite'))
      .default(BIN_PAGE_SIZE),
  },
  OBJECT_ERROR,
);

export type BinListInput = z.input<typeof binListSchema>;

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** "3 prospects conservés : 2 pris en opportunité, 1 commenté, 1 modifié". */
export function undoImportMessage(
  reply: Pick<UndoImportReply, 'removed' | 'kept' | 'reasons' | 'fileRemoved'>,
) {
  const removed =
    reply.removed === 0
      ? 'Aucun prospect retiré'
      : `${plural(reply.removed, 'prospect retiré', 'prospects retirés')} (dans la corbeille pendant ${BIN_RETENTION_DAYS} jours)`;
  if (reply.kept === 0) return `${removed}. Le fichier a été mis à la corbeille.`;
  const reasons = [
    reply.reasons.opportunity > 0 ? `${reply.reasons.opportunity} pris en opportunité` : '',
    reply.reasons.commented > 0 ? plural(reply.reasons.commented, 'commenté', 'commentés') : '',
    reply.reasons.edited > 0 ? plural(reply.reasons.edited, 'modifié', 'modifiés') : '',
  ].filter((part) => part !== '');
  return `${removed}. ${plural(reply.kept, 'prospect conservé', 'prospects conservés')} : ${reasons.join(', ')}.`;
}
