import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultWaitingDate, type CommentData, type OpportunityState } from '@app/domain';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { postMessage } from '../api/post-message';
import { setLoose } from '../api/set-loose';
import { setTodo } from '../api/set-todo';
import { setWaiting } from '../api/set-waiting';
import { setWin } from '../api/set-win';
import type { MessageView, OpportunityView } from '../types/opportunity-view';
import { fromDateTimeLocal, toDateTimeLocal } from '../utils/datetime-local';

/** The states whose button opens the datetime-local picker (SPEC §2, §4). */
export type DatedState = Exclude<OpportunityState, 'LOOSE'>;
export type ConfirmedState = Extract<OpportunityState, 'WIN' | 'LOOSE'>;

export type StateChangeStep =
  | { kind: 'idle' }
  | {
      kind: 'picker';
      target: DatedState;
      value: string;
      /** The earliest date offered (WAITING: a follow-up is in the future). */
      min?: string;
      error: string | null;
    }
  | { kind: 'comment'; date: number }
  | { kind: 'confirm'; target: ConfirmedState };

export type StateChangeOptions = {
  opportunity: Pick<OpportunityView, '_id' | 'state'>;
  /** The opportunity as the server returns it after the change; `message` is the WAITING comment. */
  onChanged: (opportunity: OpportunityView, message?: MessageView) => void;
};

export type OpportunityStateChange = {
  opportunityId: string;
  state: OpportunityState;
  step: StateChangeStep;
  saving: boolean;
  /** A click on a state button or a shortcut bubble. */
  request: (target: OpportunityState) => void;
  setPickerValue: (value: string) => void;
  /** "Validé" in the picker. */
  submitPicker: () => void;
  /** The comment and status modal of WAITING, already validated. */
  submitComment: (comment: CommentData) => void;
  /** The confirmation of WIN and LOOSE. */
  confirm: () => void;
  cancel: () => void;
};

/**
 * The state-change flow of one opportunity (SPEC §4): TODO, WAITING and WIN open a datetime-local
 * picker (WAITING defaults to now + 2 h; TODO's and WIN's dates are not sent); WAITING then asks for
 * a comment and a status and calls setWaiting, then messages/post; WIN and LOOSE ask for a
 * confirmation. A failed call keeps the step open (apiPost already showed the server's message).
 */
export function useOpportunityStateChange({
  opportunity,
  onChanged,
}: StateChangeOptions): OpportunityStateChange {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [step, setStep] = useState<StateChangeStep>({ kind: 'idle' });
  const [saving, setSaving] = useState(false);
  const latestOnChanged = useRef(onChanged);
  useEffect(() => {
    latestOnChanged.current = onChanged;
  });
  const opportunityId = opportunity._id;

  const run = useCallback(
    async (change: () => Promise<{ opportunity: OpportunityView; message?: MessageView }>) => {
      setSaving(true);
      try {
        const result = await change();
        setStep({ kind: 'idle' });
        latestOnChanged.current(result.opportunity, result.message);
      } catch (error) {
        ignoreHandledFailure(error);
      } finally {
        setSaving(false);
      }
    },
    [],
  );

  const request = useCallback((target: OpportunityState) => {
    if (target === 'LOOSE') {
      setStep({ kind: 'confirm', target });
      return;
    }
    const now = Date.now();
    const initial = target === 'WAITING' ? defaultWaitingDate(now) : now;
    setStep({
      kind: 'picker',
      target,
      value: toDateTimeLocal(initial),
      min: target === 'WAITING' ? toDateTimeLocal(now) : undefined,
      error: null,
    });
  }, []);

  const setPickerValue = useCallback((value: string) => {
    setStep((current) => (current.kind === 'picker' ? { ...current, value, error: null } : current));
  }, []);

  const submitPicker = useCallback(async () => {
    if (step.kind !== 'picker' || !organisationId) return;
    const date = fromDateTimeLocal(step.value);
    // The validation (zod) is not needed until a date is submitted: it stays out of the list's
    // first download (docs/decisions/bundle-budget.md).
    const { waitingDateError } = await import('../utils/waiting-date-error');
    // A follow-up date must be in the future (TODO's and WIN's dates are not sent).
    const error = waitingDateError(date, step.target === 'WAITING' ? Date.now() : undefined);
    if (error) {
      setStep({ ...step, error });
      return;
    }
    if (step.target === 'WAITING') setStep({ kind: 'comment', date });
    else if (step.target === 'WIN') setStep({ kind: 'confirm', target: 'WIN' });
    else void run(() => setTodo({ organisationId, opportunityId }));
  }, [step, organisationId, opportunityId, run]);

  const submitComment = useCallback(
    (comment: CommentData) => {
      if (step.kind !== 'comment' || !organisationId) return;
      const { date } = step;
      void run(async () => {
        const { opportunity: changed } = await setWaiting({ organisationId, opportunityId, date });
        try {
          const { message } = await postMessage({ organisationId, opportunityId, ...comment });
          return { opportunity: changed, message };
        } catch (error) {
          // The state did change: report it even though the comment was refused (its message was shown).
          ignoreHandledFailure(error);
          return { opportunity: changed };
        }
      });
    },
    [step, organisationId, opportunityId, run],
  );

  const confirm = useCallback(() => {
    if (step.kind !== 'confirm' || !organisationId) return;
    const call = step.target === 'WIN' ? setWin : setLoose;
    void run(() => call({ organisationId, opportunityId }));
  }, [step, organisationId, opportunityId, run]);

  const cancel = useCallback(() => {
    if (!saving) setStep({ kind: 'idle' });
  }, [saving]);

  return {
    opportunityId,
    state: opportunity.state,
    step,
    saving,
    request,
    setPickerValue,
    submitPicker,
    submitComment,
    confirm,
    cancel,
  };
}
