import { apiPost } from '@app/platform';
import type { MessageView } from '../types/opportunity-view';

export type PostMessageInput = {
  organisationId: string;
  opportunityId: string;
  message: string;
  statusId: string;
};

/** A status-tagged comment on an opportunity. */
export function postMessage(input: PostMessageInput): Promise<{ message: MessageView }> {
  return apiPost<{ message: MessageView }>('/api/messages/post', input);
}
