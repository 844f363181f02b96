import { CIVILITES, type Civilite, type ContactView } from '@app/domain';
import { Button, Select, TextField } from '@app/platform';

export type ContactsEditorProps = {
  contacts: readonly ContactView[];
  onChange: (contacts: ContactView[]) => void;
};

export const EMPTY_CONTACT: ContactView = {
  civilite: 'Mr.',
  surname: '',
  name: '',
  fonction: '',
  phone: '',
  mail: '',
};

const CONTACT_FIELDS = [
  ['surname', 'Nom'],
  ['name', 'Prénom'],
  ['fonction', 'Fonction'],
  ['phone', 'Téléphone'],
  ['mail', 'Email'],
] as const;

/** Any number of contacts, each with its civilité (Mr. or Mme.); used by the prospect and new-opportunity modals. */
export function ContactsEditor({ contacts, onChange }: ContactsEditorProps) {
  const update = (index: number, patch: Partial<ContactView>) =>
    onChange(contacts.map((contact, i) => (i === index ? { ...contact, ...patch } : contact)));
  return (
    <>
      {contacts.map((contact, index) => (
        <fieldset className="detail-form__group" key={index}>
          <legend>Contact #{index + 1}</legend>
          <div className="detail-form__grid">
            <Select
              label="Civilité"
              value={contact.civilite}
              options={CIVILITES.map((civilite) => ({ value: civilite, label: civilite }))}
              onChange={(value) => update(index, { civilite: value as Civilite })}
            />
            {CONTACT_FIELDS.map(([key, label]) => (
              <TextField
                key={key}
                label={label}
                value={contact[key]}
                onChange={(event) => update(index, { [key]: event.target.value })}
              />
            ))}
          </div>
          <Button variant="ghost" onClick={() => onChange(contacts.filter((_, i) => i !== index))}>
            Supprimer le contact #{index + 1}
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" onClick={() => onChange([...contacts, { ...EMPTY_CONTACT }])}>
        Ajouter un contact
      </Button>
    </>
  );
}
