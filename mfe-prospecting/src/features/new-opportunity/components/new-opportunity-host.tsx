import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { firstErrorMessage, newOpportunitySchema } from '@app/domain';
import {
  APP_EVENTS,
  ignoreHandledFailure,
  Modal,
  TimedConfirmation,
  useAppEvent,
  useSessionStore,
} from '@app/platform';
import { fromDateTimeLocal } from '../../../utils/datetime-local';
import { addOpportunity } from '../api/add-opportunity';
import { EMPTY_NEW_OPPORTUNITY, NewOpportunityForm, type NewOpportunityValues } from './new-opportunity-form';
import '../../../components/opportunity-detail.css';

type Phase = 'closed' | 'form' | 'confirming' | 'sending';

function toInput(values: NewOpportunityValues) {
  return { ...values, dateStatus: fromDateTimeLocal(values.dateStatus) };
}

/**
 * The new-opportunity modal, opened by the Campaign menu's "import a manual prospect"
 * (APP_EVENTS.openNewOpportunityModal). A valid form shows its confirmation for 2 s, then is sent;
 * on success the user lands on the new opportunity (docs/decisions/opportunity-detail.md).
 */
export function NewOpportunityHost() {
  const navigate = useNavigate();
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const username = useSessionStore((state) => state.user?.username ?? '');
  const [phase, setPhase] = useState<Phase>('closed');
  const [values, setValues] = useState<NewOpportunityValues>(EMPTY_NEW_OPPORTUNITY);
  const [error, setError] = useState<string | null>(null);

  useAppEvent(APP_EVENTS.openNewOpportunityModal, () => {
    setValues(EMPTY_NEW_OPPORTUNITY);
    setError(null);
    setPhase('form');
  });

  const handleSubmit = () => {
    const problem = firstErrorMessage(newOpportunitySchema, toInput(values));
    setError(problem);
    if (!problem) setPhase('confirming');
  };

  const handleConfirmed = useCallback(async () => {
    if (!organisationId) return;
    setPhase('sending');
    try {
      const data = newOpportunitySchema.parse(toInput(values));
      const { opportunityId } = await addOpportunity({ organisationId, data });
      setPhase('closed');
      navigate(`/dashboard/opportunity/${encodeURIComponent(opportunityId)}`);
    } catch (failure) {
      // The server's message was shown; the form comes back with what the user typed.
      setPhase('form');
      ignoreHandledFailure(failure);
    }
  }, [organisationId, values, navigate]);

  return (
    <>
      <Modal open={phase === 'form'} title="Nouvelle opportunité" onClose={() => setPhase('closed')}>
        <NewOpportunityForm
          values={values}
          onChange={setValues}
          assignee={username}
          error={error}
          busy={phase !== 'form'}
          onSubmit={handleSubmit}
          onCancel={() => setPhase('closed')}
        />
      </Modal>
      <TimedConfirmation
        open={phase === 'confirming'}
        title="Nouvelle opportunité"
        message={`L'opportunité « ${values.title.trim()} » va être créée.`}
        onDone={handleConfirmed}
      />
    </>
  );
}
