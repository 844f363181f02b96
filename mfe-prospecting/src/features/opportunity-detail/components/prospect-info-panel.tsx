import {
  customFieldsOf,
  displayValue,
  formatStoredKey,
  PROSPECT_FIELD_LABELS,
  PROSPECT_FIELDS,
  type MessageView,
  type ProspectView,
} from '@app/domain';
import { CallLink } from '../../../components/call-link';
import { MailLink } from '../../../components/mail-link';

export type ProspectInfoPanelProps = {
  prospect: ProspectView;
  opportunityId: string;
  onCallRecorded: (message: MessageView) => void;
};

/** The prospect's standard fields ('Aucun' when empty), its custom fields and its contacts. */
export function ProspectInfoPanel({ prospect, opportunityId, onCallRecorded }: ProspectInfoPanelProps) {
  const custom = Object.entries(customFieldsOf(prospect.value));
  const name = displayValue(prospect.prospect);
  const callLink = (phone: string, callee: string) => (
    <CallLink phone={phone} opportunityId={opportunityId} callee={callee} onRecorded={onCallRecorded} />
  );
  return (
    <section className="detail-panel" aria-labelledby="detail-prospect-title">
      <h2 id="detail-prospect-title">Informations prospect</h2>
      <dl className="detail-facts">
        {PROSPECT_FIELDS.filter((field) => field !== 'prospect').map((field) => (
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
          <div key={key}>
            <dt>{formatStoredKey(key)}</dt>
            <dd>{displayValue(typeof value === 'string' ? value : JSON.stringify(value))}</dd>
          </div>
        ))}
      </dl>
      {prospect.contacts.map((contact, index) => (
        <div className="detail-contact" key={index}>
          <h3>Contact #{index + 1}</h3>
          <p>
            {[contact.civilite, contact.name, contact.surname]
              .filter((part) => part && part !== 'Aucun')
              .join(' ') || 'Aucun'}
            {contact.fonction && <span className="detail-contact__function"> — {contact.fonction}</span>}
          </p>
          <p>
            {callLink(contact.phone, `${name}, contact #${index + 1}`)} · <MailLink mail={contact.mail} />
          </p>
        </div>
      ))}
    </section>
  );
}
