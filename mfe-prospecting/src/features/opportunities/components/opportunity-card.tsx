import { memo, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  CARD_MESSAGE_PREVIEWS,
  PROSPECT_FIELD_LABELS,
  customFieldsOf,
  displayValue,
  formatDate,
  truncateProspectName,
  type ListFilter,
  type MessageView,
  type OpportunityView,
  type ProspectField,
} from '@app/domain';
import { CallLink } from '../../../components/call-link';
import { MailLink } from '../../../components/mail-link';
import { badgeOf } from '../utils/badge-text';
import { withPostedMessage } from '../utils/with-posted-message';

/** The prospect facts of a card, in the spec's order (SPEC §2, opportunity list). */
const CARD_FACTS: readonly ProspectField[] = [
  'enseigne',
  'codePostale',
  'adresseComplete',
  'site',
  'telephone',
  'eMail',
  'siret',
  'libelleactivite',
  'trancheSalarier',
  'typeEtablissement',
];

export type OpportunityCardProps = {
  opportunity: OpportunityView;
  /** The list the card belongs to: the detail page walks it (`?type=`). */
  listType: ListFilter;
  /**
   * Draws the left strip of state buttons (from the opportunity-state feature). A function kept from
   * one render to the next, not an element: the card is memoised, and a new element each time would
   * draw every card in view again at each measure and scroll of the list.
   */
  renderStrip?: (opportunity: OpportunityView) => ReactNode;
};

/** One opportunity of a list: state strip on the left, prospect, badge, messages and facts on the right. */
export const OpportunityCard = memo(function OpportunityCard({
  opportunity,
  listType,
  renderStrip,
}: OpportunityCardProps) {
  const navigate = useNavigate();
  // A call's outcome recorded from this card, shown first until the list is read again.
  const [recorded, setRecorded] = useState<MessageView | undefined>(undefined);
  const prospect = opportunity.prospectId;
  const name = displayValue(prospect.prospect);
  const href = `/dashboard/opportunity/${encodeURIComponent(opportunity._id)}?type=${listType}`;
  const badge = badgeOf(opportunity);
  const messages = withPostedMessage(opportunity, recorded).message.slice(0, CARD_MESSAGE_PREVIEWS);
  const callLink = (phone: string, callee: string) => (
    <CallLink phone={phone} opportunityId={opportunity._id} callee={callee} onRecorded={setRecorded} />
  );
  const custom = Object.entries(customFieldsOf(prospect.value)).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  const contacts = prospect.contacts ?? [];
  const stateStrip = renderStrip?.(opportunity);

  // The whole card opens the detail page, except its own buttons, links and form fields.
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input, select, textarea, label, [role="dialog"]')) return;
    if (window.getSelection()?.toString()) return;
    navigate(href);
  };

  return (
    <article className="opportunity-card" aria-label={name} onClick={handleClick}>
      {stateStrip && <div className="opportunity-card__strip">{stateStrip}</div>}
      <div className="opportunity-card__body">
        <header className="opportunity-card__header">
          <h2 className="opportunity-card__title">
            {/* Seen shortened (SPEC), heard whole: the short form is a prefix of the name. */}
            <Link to={href} title={name}>
              <span aria-hidden="true">{truncateProspectName(name)}</span>
              <span className="opportunity-card__full-name">{name}</span>
            </Link>
          </h2>
          <span className={`opportunity-badge opportunity-badge--${badge.tone}`}>{badge.text}</span>
          <span className="opportunity-card__owner">{opportunity.user?.username}</span>
        </header>

        <section className="opportunity-card__messages" aria-label="Derniers messages">
          {messages.length === 0 ? (
            <p className="opportunity-card__muted">Aucun message</p>
          ) : (
            <ul>
              {messages.map((message) => (
                <li key={message._id}>
                  <span className="opportunity-card__status">{message.statusId?.name}</span>
                  <span className="opportunity-card__muted">
                    {formatDate(message.date)} · @{message.userId?.username}
                  </span>
                  <span className="opportunity-card__text">{message.text}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <dl className="opportunity-card__facts">
          {CARD_FACTS.map((field) => (
            <div key={field}>
              <dt>{PROSPECT_FIELD_LABELS[field]}</dt>
              <dd>
                {field === 'telephone' ? (
                  callLink(prospect.telephone, name)
                ) : field === 'eMail' ? (
                  <MailLink mail={prospect.eMail} />
                ) : (
                  displayValue(prospect[field])
                )}
              </dd>
            </div>
          ))}
          {custom.map(([key, value]) => (
            <div key={`custom-${key}`}>
              <dt>{key.replace(/_/g, ' ')}</dt>
              <dd>{displayValue(value)}</dd>
            </div>
          ))}
        </dl>

        {contacts.length > 0 && (
          <ul className="opportunity-card__contacts" aria-label="Contacts">
            {contacts.map((contact, index) => (
              // Contacts have no id; their position is what the card shows ("Contact #n").
              <li key={index}>
                <strong>Contact #{index + 1}</strong>{' '}
                {[contact.civilite, contact.surname, contact.name]
                  .filter((part) => part && part !== 'Aucun')
                  .join(' ') || 'Aucun'}
                {contact.fonction && contact.fonction !== 'Aucun' ? ` · ${contact.fonction}` : ''}
                {contact.phone && contact.phone !== 'Aucun' && (
                  <> · {callLink(contact.phone, `${name}, contact #${index + 1}`)}</>
                )}
                {contact.mail && contact.mail !== 'Aucun' && (
                  <>
                    {' · '}
                    <MailLink mail={contact.mail} />
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
});
