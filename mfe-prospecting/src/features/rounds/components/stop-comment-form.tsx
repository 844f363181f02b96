import type { StatusView } from '@app/domain';
import { CommentForm } from '../../../components/opportunity-state/comment-form';

export type StopCommentFormProps = {
  statuses: readonly StatusView[];
  onSubmit: (comment: { message: string; statusId: string }) => Promise<void>;
  onCancel: () => void;
};

/** A stop's comment with its status (kept on the device when offline: stop-card.tsx). */
export function StopCommentForm({ statuses, onSubmit, onCancel }: StopCommentFormProps) {
  return (
    <CommentForm
      className="my-day-form"
      statuses={statuses}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitLabel="Envoyer le commentaire"
      rows={3}
    />
  );
}
