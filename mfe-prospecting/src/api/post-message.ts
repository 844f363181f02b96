import type { PostedMessageReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type PostMessageInput = {
  organisationId: string;
  opportunityId: string;
  message: string;
  statusId: string;
};

/** A status-tagged comment on an opportunity. */
export function postMessage(input: PostMessageInput): Promise<PostedMessageReply> {
  return apiPost<PostedMessageReply>('/api/messages/post', input);
}
