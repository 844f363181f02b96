import type { OpportunityStateChange } from '../../hooks/use-opportunity-state-change';
import { useStatuses } from '../../hooks/use-statuses';
import { DatePickerPanel } from './date-picker-panel';
import { StateConfirmModal } from './state-confirm-modal';
import { WaitingCommentModal } from './waiting-comment-modal';

export type StateDialogsProps = { change: OpportunityStateChange };

/**
 * What a state button opens: the date picker (positioned against the nearest `.opportunity-state`
 * container), the WAITING comment modal and the WIN/LOOSE confirmation.
 */
export function StateDialogs({ change }: StateDialogsProps) {
  const statuses = useStatuses();
  const { step } = change;
  return (
    <>
      <DatePickerPanel change={change} />
      <WaitingCommentModal
        open={step.kind === 'comment'}
        statuses={statuses}
        saving={change.saving}
        onSubmit={change.submitComment}
        onCancel={change.cancel}
      />
      <StateConfirmModal
        target={step.kind === 'confirm' ? step.target : null}
        saving={change.saving}
        onConfirm={change.confirm}
        onCancel={change.cancel}
      />
    </>
  );
}
