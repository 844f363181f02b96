import { z } from '../zod';
import { idField, MAX_LENGTHS, OBJECT_ERROR, requiredText } from './fields';
import { MESSAGES } from './messages';

/** The comment-and-status modal opened when moving to WAITING: text first, then the status (SPEC §5). */
export const commentSchema = z.object(
  {
    message: requiredText('commentaire', MESSAGES.fillAllFields, MAX_LENGTHS.comment),
    statusId: idField('statut', MESSAGES.statusRequired),
  },
  OBJECT_ERROR,
);

export type CommentInput = z.input<typeof commentSchema>;
export type CommentData = z.output<typeof commentSchema>;
