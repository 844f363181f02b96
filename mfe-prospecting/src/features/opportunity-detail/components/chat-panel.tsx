import { useId, useState, type FormEvent } from 'react';
import { chatMessageSchema, firstErrorMessage, formatDateTime, type MessageView } from '@app/domain';
import { Button, ignoreHandledFailure, useSessionStore } from '@app/platform';
import { postMessage } from '../../../api/post-message';
import { StatusChoice } from '../../../components/opportunity-state/status-choice';
import { StatusIcon } from '../../../components/opportunity-state/status-icon';
import { useStatuses } from '../../../hooks/use-statuses';
import { groupMessagesByMonth } from '../utils/group-messages';

export type ChatPanelProps = {
  opportunityId: string;
  messages: readonly MessageView[];
  onPosted: (message: MessageView) => void;
};

/** The comments grouped by month, the five status icons, the comment box and its rules (SPEC §2, §5). */
export function ChatPanel({ opportunityId, messages, onPosted }: ChatPanelProps) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const statuses = useStatuses();
  const [now] = useState(() => Date.now());
  const [statusId, setStatusId] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const textId = useId();
  const errorId = useId();
  const groups = groupMessagesByMonth(messages, now);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { statusId, message: text };
    const problem = firstErrorMessage(chatMessageSchema, input);
    if (problem) {
      setError(problem);
      return;
    }
    if (!organisationId) return;
    setError(null);
    setSending(true);
    try {
      const { message } = await postMessage({
        organisationId,
        opportunityId,
        ...chatMessageSchema.parse(input),
      });
      setText('');
      onPosted(message);
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="detail-panel chat-panel" aria-labelledby="detail-chat-title">
      <h2 id="detail-chat-title">Commentaires</h2>
      <div className="chat-panel__log">
        {groups.length === 0 && <p className="chat-panel__empty">Aucun message</p>}
        {groups.map((group) => (
          <section key={group.key} className="chat-group" aria-label={group.label}>
            <h3 className="chat-group__title">{group.label}</h3>
            <ol className="chat-group__messages">
              {group.messages.map((message) => (
                <li key={message._id} className="chat-message">
                  <p className="chat-message__meta">
                    <span className="chat-message__status">
                      <StatusIcon name={message.statusId.name} />
                      {message.statusId.name}
                    </span>
                    <time dateTime={new Date(message.date).toISOString()}>
                      {formatDateTime(message.date)}
                    </time>
                    <span className="chat-message__user">@{message.userId.username}</span>
                  </p>
                  <p className="chat-message__text">{message.text}</p>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
      <form className="chat-panel__form" onSubmit={handleSubmit} noValidate>
        <StatusChoice
          statuses={statuses}
          value={statusId}
          onChange={(id) => {
            setStatusId(id);
            setError(null);
          }}
          legend="Statut du commentaire"
        />
        <label htmlFor={textId} className="visually-hidden">
          Commentaire
        </label>
        <textarea
          id={textId}
          className="chat-panel__input"
          rows={3}
          placeholder="Commentaire : "
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {error && (
          <p id={errorId} className="detail-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" disabled={sending}>
          Envoyer
        </Button>
      </form>
    </section>
  );
}
