import { useState, type FormEvent } from 'react';
import {
  firstErrorMessage,
  prospectInfoSchema,
  type ContactView,
  type OpportunityView,
  type ProspectInfoData,
} from '@app/domain';
import { Button } from '@app/platform';
import { ContactsEditor } from '../../../components/contacts-editor';
import { editableContacts, prospectInfoWithContacts } from '../utils/prospect-info';

export type StopContactsFormProps = {
  opportunity: OpportunityView;
  onSubmit: (data: ProspectInfoData) => Promise<void>;
  onCancel: () => void;
};

/** The prospect's contacts, edited as in the detail's prospect modal; the other fields are kept. */
export function StopContactsForm({ opportunity, onSubmit, onCancel }: StopContactsFormProps) {
  const [contacts, setContacts] = useState<ContactView[]>(() => editableContacts(opportunity));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = prospectInfoWithContacts(opportunity, contacts);
    const problem = firstErrorMessage(prospectInfoSchema, input);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSubmit(prospectInfoSchema.parse(input));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="my-day-form" onSubmit={handleSubmit} noValidate aria-label="Modifier les contacts">
      <ContactsEditor contacts={contacts} onChange={setContacts} />
      {error && (
        <p className="my-day-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="my-day-form__actions">
        <Button type="submit" disabled={saving}>
          Enregistrer les contacts
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
