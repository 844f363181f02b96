import { apiPost } from '@app/platform';
import type { OpportunityView } from '../types/opportunity-view';

export type SetTodoInput = { organisationId: string; opportunityId: string };

export function setTodo(input: SetTodoInput): Promise<{ opportunity: OpportunityView }> {
  return apiPost<{ opportunity: OpportunityView }>('/api/opportunity/setTodo', input);
}
