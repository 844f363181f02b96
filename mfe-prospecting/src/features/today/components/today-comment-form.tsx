import { PERMISSION, type StatusView } from '@app/domain';
import { ignoreHandledFailure, notifySuccess, useSessionStore } from '@app/platform';
import { postMessage } from '../../../api/post-message';
import { CommentForm } from '../../../components/opportunity-state/comment-form';

export type TodayCommentFormProps = {
  opportunityId: string;
  statuses: readonly StatusView[];
};

/** A status-tagged comment on a follow-up, sent at once (SPEC §5). */
export function TodayCommentForm({ opportunityId, statuses }: TodayCommentFormProps) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const allowed = useSessionStore((state) => (state.permissions & PERMISSION.COMMENT) !== 0);

  const send = async (comment: { message: string; statusId: string }) => {
    if (!organisationId) return false;
    try {
      await postMessage({ organisationId, opportunityId, ...comment });
      notifySuccess('Commentaire enregistré');
      return true;
    } catch (failure) {
      ignoreHandledFailure(failure);
      // Refused (its toast says why): the text stays in the form to send again.
      return false;
    }
  };

  return (
    <CommentForm
      className="today-comment"
      statuses={statuses}
      onSubmit={send}
      disabled={!allowed}
      submitLabel="Envoyer"
      rows={2}
      placeholder="Commentaire : "
    />
  );
}
