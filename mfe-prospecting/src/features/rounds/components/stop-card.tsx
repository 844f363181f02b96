import { useState } from 'react';
import {
  displayValue,
  formatDateTime,
  isEmptyValue,
  OPPORTUNITY_STATE_LABELS,
  PERMISSION,
  type ProspectInfoData,
  type RoundStop,
  type StatusView,
} from '@app/domain';
import {
  Button,
  enqueueChange,
  notifyError,
  pendingLabel,
  useApiQuery,
  useSessionStore,
  type QueuedChange,
} from '@app/platform';
import { StatusIcon } from '../../../components/opportunity-state/status-icon';
import { CONTRACTUAL_PLACEHOLDER, contractualEntries } from '../../../utils/contractual-entries';
import { getOpportunity } from '../api/get-opportunity';
import {
  commentChange,
  contactsChange,
  isPendingMessage,
  stateChange,
  withPendingChanges,
} from '../utils/day-changes';
import { StopCommentForm } from './stop-comment-form';
import { StopContactsForm } from './stop-contacts-form';
import { StopStateForm, type StateChoice } from './stop-state-form';

/** Comments a stop's card shows, newest first. */
export const STOP_CARD_MESSAGES = 3;

const DEVICE_FAILURE = 'La modification n’a pas pu être enregistrée sur l’appareil';

export type StopCardProps = {
  number: number;
  stop: RoundStop;
  organisationId: string;
  statuses: readonly StatusView[];
  /** The device's waiting changes (every stop's; the card keeps its own). */
  pending: readonly QueuedChange[];
};

type OpenForm = 'state' | 'comment' | 'contacts' | null;

/**
 * One stop of the day: company, address, phone, state, last comments, contractual information and
 * contacts, read from the device when there is no network; its changes go through the device queue.
 */
export function StopCard({ number, stop, organisationId, statuses, pending }: StopCardProps) {
  const author = useSessionStore((state) => state.user?.username ?? 'Vous');
  const mayChangeState = useSessionStore((state) => (state.permissions & PERMISSION.CHANGE_STATE) !== 0);
  const query = useApiQuery(
    getOpportunity,
    { organisationId, opportunityId: stop.opportunityId },
    { key: 'opportunity/get', offline: true },
  );
  const [form, setForm] = useState<OpenForm>(null);
  const mine = pending.filter((change) => change.target === stop.opportunityId);
  const loaded = query.data?.opportunity;
  const opportunity = loaded ? withPendingChanges(loaded, mine, statuses, author) : null;
  const titleId = `stop-${stop.opportunityId}`;

  const keep = async (changes: Parameters<typeof enqueueChange>[0][]) => {
    try {
      // One after the other: the device keeps (and the server receives) them in this order.
      for (const change of changes) await enqueueChange(change);
      setForm(null);
    } catch {
      // IndexedDB refused the write (private mode, full disk): the form stays open with what was typed.
      notifyError(DEVICE_FAILURE);
    }
  };

  if (!opportunity) {
    return (
      <li className="my-day-stop" aria-labelledby={titleId}>
        <h2 id={titleId} className="my-day-stop__title">
          <span className="my-day-stop__number">{number}</span> {stop.name || 'Sans nom'}
        </h2>
        <p className="my-day-stop__address">{stop.address}</p>
        <p className="my-day-stop__muted">
          {query.error !== undefined ? 'Fiche indisponible sur cet appareil' : 'Chargement de la fiche…'}
        </p>
      </li>
    );
  }

  const target = { organisationId, opportunity };
  const prospect = opportunity.prospectId;
  const messages = opportunity.message.slice(-STOP_CARD_MESSAGES).reverse();
  const handleState = (choice: StateChoice) =>
    keep(
      choice.state === 'WAITING'
        ? [stateChange(target, 'WAITING', choice.date), commentChange(target, choice.comment)]
        : [stateChange(target, choice.state)],
    );
  const handleComment = (comment: { message: string; statusId: string }) =>
    keep([commentChange(target, comment)]);
  const handleContacts = (data: ProspectInfoData) => keep([contactsChange(target, data)]);

  return (
    <li className="my-day-stop" aria-labelledby={titleId}>
      <h2 id={titleId} className="my-day-stop__title">
        <span className="my-day-stop__number">{number}</span> {prospect.prospect || stop.name || 'Sans nom'}
      </h2>
      <p className="my-day-stop__address">
        {[prospect.adresseComplete, prospect.codePostale, prospect.ville]
          .filter((part) => !isEmptyValue(part))
          .join(' ') || stop.address}
      </p>
      {!isEmptyValue(prospect.telephone) && (
        <p>
          <a className="my-day-stop__phone" href={`tel:${prospect.telephone.replace(/\s+/g, '')}`}>
            {prospect.telephone}
          </a>
        </p>
      )}
      <p className="my-day-stop__state">
        État : <strong>{OPPORTUNITY_STATE_LABELS[opportunity.state]}</strong>
        {opportunity.state === 'WAITING' && opportunity.waitingDate !== undefined && (
          <> (relance le {formatDateTime(opportunity.waitingDate)})</>
        )}
        {mine.length > 0 && <span className="my-day-stop__pending"> · {pendingLabel(mine.length)}</span>}
      </p>

      <section className="my-day-stop__section" aria-label={`Derniers commentaires — ${prospect.prospect}`}>
        <h3>Derniers commentaires</h3>
        {messages.length === 0 ? (
          <p className="my-day-stop__muted">Aucun message</p>
        ) : (
          <ul className="my-day-stop__messages">
            {messages.map((message) => (
              <li key={message._id}>
                <span className="my-day-stop__message-meta">
                  <StatusIcon name={message.statusId.name} /> {message.statusId.name} ·{' '}
                  {formatDateTime(message.date)} · @{message.userId.username}
                  {isPendingMessage(message) && ' · en attente d’envoi'}
                </span>
                <span className="my-day-stop__message-text">{message.text}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        className="my-day-stop__section"
        aria-label={`Informations contractuelles — ${prospect.prospect}`}
      >
        <h3>Informations contractuelles</h3>
        <dl className="my-day-stop__facts">
          {contractualEntries(opportunity.informationContractuelle).map((entry) => (
            <div key={entry.key}>
              <dt>{entry.label}</dt>
              <dd>{entry.value ?? CONTRACTUAL_PLACEHOLDER}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="my-day-stop__section" aria-label={`Contacts — ${prospect.prospect}`}>
        <h3>Contacts</h3>
        {prospect.contacts.length === 0 ? (
          <p className="my-day-stop__muted">Aucun contact</p>
        ) : (
          <ul className="my-day-stop__contacts">
            {prospect.contacts.map((contact, index) => (
              <li key={index}>
                {[contact.civilite, contact.name, contact.surname]
                  .filter((part) => part && !isEmptyValue(part))
                  .join(' ') || 'Aucun'}
                {!isEmptyValue(contact.fonction) && ` — ${contact.fonction}`}
                {!isEmptyValue(contact.phone) && (
                  <>
                    {' · '}
                    <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
                  </>
                )}
                {!isEmptyValue(contact.mail) && <> · {displayValue(contact.mail)}</>}
              </li>
            ))}
          </ul>
        )}
      </section>

      {form === null ? (
        <div className="my-day-stop__actions">
          <Button variant="secondary" onClick={() => setForm('state')} disabled={!mayChangeState}>
            Changer l’état<span className="rounds-sr-only"> de {prospect.prospect}</span>
          </Button>
          <Button variant="secondary" onClick={() => setForm('comment')}>
            Commenter<span className="rounds-sr-only"> {prospect.prospect}</span>
          </Button>
          <Button variant="secondary" onClick={() => setForm('contacts')}>
            Modifier les contacts<span className="rounds-sr-only"> de {prospect.prospect}</span>
          </Button>
        </div>
      ) : form === 'state' ? (
        <StopStateForm
          current={opportunity.state}
          statuses={statuses}
          onSubmit={handleState}
          onCancel={() => setForm(null)}
        />
      ) : form === 'comment' ? (
        <StopCommentForm statuses={statuses} onSubmit={handleComment} onCancel={() => setForm(null)} />
      ) : (
        <StopContactsForm
          opportunity={opportunity}
          onSubmit={handleContacts}
          onCancel={() => setForm(null)}
        />
      )}
    </li>
  );
}
