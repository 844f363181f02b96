// The changes a salesperson makes from "Ma journée", as device-queue entries (the same API calls as the
// opportunity detail), and how the waiting ones are shown before the server has them.
// docs/decisions/offline-day.md.
import {
  OPPORTUNITY_STATE_LABELS,
  type ContactView,
  type MessageView,
  type OpportunityState,
  type OpportunityView,
  type ProspectInfoData,
  type StatusView,
} from '@app/domain';
import type { NewChange, QueuedChange } from '@app/platform';

/** The query keys a sent change makes stale: the stop's opportunity (and the lists). */
const INVALIDATES = ['opportunity/get', 'opportunity/list'];

export const STATE_PATHS: Record<OpportunityState, string> = {
  TODO: '/api/opportunity/setTodo',
  WAITING: '/api/opportunity/setWaiting',
  WIN: '/api/opportunity/setWin',
  LOOSE: '/api/opportunity/setLoose',
};

type Target = {
  organisationId: string;
  opportunity: Pick<OpportunityView, '_id'> & { prospectId: { prospect: string } };
};

const nameOf = (target: Target) => target.opportunity.prospectId.prospect || 'Sans nom';

export function stateChange(target: Target, state: OpportunityState, date?: number): NewChange {
  return {
    path: STATE_PATHS[state],
    body: {
      organisationId: target.organisationId,
      opportunityId: target.opportunity._id,
      ...(state === 'WAITING' ? { date } : {}),
    },
    label: `État « ${OPPORTUNITY_STATE_LABELS[state]} » — ${nameOf(target)}`,
    kind: 'state',
    target: target.opportunity._id,
    invalidates: INVALIDATES,
  };
}

export function commentChange(target: Target, comment: { message: string; statusId: string }): NewChange {
  return {
    path: '/api/messages/post',
    body: {
      organisationId: target.organisationId,
      opportunityId: target.opportunity._id,
      message: comment.message,
      statusId: comment.statusId,
    },
    label: `Commentaire — ${nameOf(target)}`,
    kind: 'comment',
    target: target.opportunity._id,
    invalidates: INVALIDATES,
  };
}

export function contactsChange(target: Target, data: ProspectInfoData): NewChange {
  return {
    path: '/api/opportunity/updateProspect',
    body: { organisationId: target.organisationId, opportunityId: target.opportunity._id, data },
    label: `Contacts — ${nameOf(target)}`,
    kind: 'contacts',
    target: target.opportunity._id,
    invalidates: INVALIDATES,
  };
}

const stateOfPath = (path: string) =>
  (Object.entries(STATE_PATHS).find(([, statePath]) => statePath === path)?.[0] ??
    null) as OpportunityState | null;

/**
 * The opportunity as it will be once its waiting changes are applied, in their order: the new state
 * (and follow-up date), the comments added at the end (marked by an id starting 'en-attente-'), the
 * new contacts.
 */
export function withPendingChanges(
  opportunity: OpportunityView,
  pending: readonly QueuedChange[],
  statuses: readonly StatusView[],
  author: string,
): OpportunityView {
  let result = opportunity;
  for (const change of pending) {
    if (change.target !== opportunity._id) continue;
    const body = change.body;
    if (change.kind === 'state') {
      const state = stateOfPath(change.path);
      if (!state) continue;
      result = {
        ...result,
        state,
        ...(state === 'WAITING' && typeof body.date === 'number' ? { waitingDate: body.date } : {}),
      };
    } else if (change.kind === 'comment') {
      const statusId = String(body.statusId ?? '');
      const message: MessageView = {
        _id: `en-attente-${change.id}`,
        text: String(body.message ?? ''),
        date: change.queuedAt,
        userId: { _id: change.userId ?? '', username: author },
        statusId: { _id: statusId, name: statuses.find((status) => status._id === statusId)?.name ?? '' },
      };
      result = { ...result, message: [...result.message, message] };
    } else if (change.kind === 'contacts') {
      const data = body.data as { contacts?: ContactView[] } | undefined;
      if (data?.contacts)
        result = { ...result, prospectId: { ...result.prospectId, contacts: data.contacts } };
    }
  }
  return result;
}

export const isPendingMessage = (message: MessageView) => message._id.startsWith('en-attente-');
