import { Modal } from '@app/platform';
import type { ExtraFields } from '../utils/extra-fields';

export type ExtraFieldsModalProps = {
  open: boolean;
  prospectName: string;
  extra: ExtraFields;
  onClose: () => void;
};

/** The Com column's detail: the file's columns kept under their title, and the contacts. */
export function ExtraFieldsModal({ open, prospectName, extra, onClose }: ExtraFieldsModalProps) {
  return (
    <Modal open={open} title={`Informations complémentaires — ${prospectName}`} onClose={onClose}>
      {extra.fields.length > 0 && (
        <dl className="prospect-extra">
          {extra.fields.map((field) => (
            <div key={field.title} className="prospect-extra__item">
              <dt>{field.title}</dt>
              <dd>{field.text}</dd>
            </div>
          ))}
        </dl>
      )}
      {extra.contacts.length > 0 && (
        <>
          <h3 className="prospect-extra__heading">Contacts</h3>
          <ul className="prospect-extra__contacts">
            {extra.contacts.map((contact, index) => (
              <li key={index}>
                {[contact.civilite, contact.surname, contact.name].filter(Boolean).join(' ') || 'Contact'}
                {contact.fonction && ` — ${contact.fonction}`}
                {contact.phone && ` — ${contact.phone}`}
                {contact.mail && ` — ${contact.mail}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
