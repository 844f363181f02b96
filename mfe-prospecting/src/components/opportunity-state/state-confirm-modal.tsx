import { useState } from 'react';
import { OPPORTUNITY_STATE_LABELS } from '@app/domain';
import { Modal, ModalFooter } from '@app/platform';
import type { ConfirmedState } from '../../hooks/use-opportunity-state-change';

export type StateConfirmModalProps = {
  target: ConfirmedState | null;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

const QUESTIONS: Record<ConfirmedState, string> = {
  WIN: 'Confirmez-vous que cette opportunité est gagnée ?',
  LOOSE: 'Confirmez-vous que cette opportunité est perdue ?',
};

/** The confirmation asked before WIN and LOOSE (SPEC §2, §4). */
export function StateConfirmModal({ target, saving, onConfirm, onCancel }: StateConfirmModalProps) {
  // The last target is kept while the modal fades out, so its text does not change as it goes.
  const [shown, setShown] = useState<ConfirmedState>(target ?? 'LOOSE');
  if (target && target !== shown) setShown(target);
  return (
    <Modal open={target !== null} title={`Passer en ${OPPORTUNITY_STATE_LABELS[shown]}`} onClose={onCancel}>
      <p>{QUESTIONS[shown]}</p>
      <ModalFooter
        confirmLabel="Confirmer"
        onConfirm={onConfirm}
        confirmVariant={shown === 'LOOSE' ? 'danger' : 'primary'}
        confirmDisabled={saving}
        onCancel={onCancel}
        cancelDisabled={saving}
        className="state-picker__actions"
      />
    </Modal>
  );
}
