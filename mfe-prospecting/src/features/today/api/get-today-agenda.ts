import type { AgendaReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetTodayAgendaInput = { organisationId: string };

/** The caller's follow-ups due today and overdue, oldest first ("Aujourd'hui"). */
export function getTodayAgenda(input: GetTodayAgendaInput): Promise<AgendaReply> {
  return apiPost<AgendaReply>('/api/agenda/today', input);
}
