import { z } from '../zod';
import { idField, MAX_LENGTHS, OBJECT_ERROR, requiredText } from './fields';
import { MESSAGES } from './messages';

/**
 * The detail page's chat input (/api/messages/post): the status is checked before the text
 * (SPEC §5). A comment of spaces only counts as empty.
 */
export const chatMessageSchema = z.object(
  {
    statusId: idField('statut', MESSAGES.chatStatusRequired),
    message: requiredText('commentaire', MESSAGES.chatCommentTooShort, MAX_LENGTHS.comment),
  },
  OBJECT_ERROR,
);

export type ChatMessageInput = z.input<typeof chatMessageSchema>;
export type ChatMessageData = z.output<typeof chatMessageSchema>;
