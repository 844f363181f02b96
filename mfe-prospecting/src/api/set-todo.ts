import type { OpportunityReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type SetTodoInput = { organisationId: string; opportunityId: string };

export function setTodo(input: SetTodoInput): Promise<OpportunityReply> {
  return apiPost<OpportunityReply>('/api/opportunity/setTodo', input);
}
