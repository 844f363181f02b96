import { useState, type FormEvent } from 'react';
import {
  customFieldsOf,
  firstErrorMessage,
  formatStoredKey,
  isEmptyValue,
  PROSPECT_FIELD_LABELS,
  PROSPECT_FIELDS,
  prospectInfoSchema,
  type ContactView,
  type CustomField,
  type OpportunityView,
  type ProspectField,
  type ProspectInfoData,
} from '@app/domain';
import { Modal, TextField, useSessionStore } from '@app/platform';
import { updateProspect } from '../api/update-prospect';
import { useVersionedSave } from '../hooks/use-versioned-save';
import { prospectDifferences } from '../utils/version-differences';
import { VersionConflictChoice } from './version-conflict';
import { ContactsEditor } from '../../../components/contacts-editor';
import { CustomFieldsEditor } from './custom-fields-editor';
import { DetailForm } from './detail-form';

export type ProspectInfoModalProps = {
  open: boolean;
  opportunity: OpportunityView;
  onClose: () => void;
  onSaved: (opportunity: OpportunityView) => void;
  /** A colleague saved first and the member took their version: the page shows it, nothing is sent. */
  onTakeTheirs: (opportunity: OpportunityView) => void;
};

type FormValues = {
  fields: Record<ProspectField, string>;
  contacts: ContactView[];
  custom: CustomField[];
};

const blankIfEmpty = (value: string) => (isEmptyValue(value) ? '' : value);

function initialValues(opportunity: OpportunityView): FormValues {
  const prospect = opportunity.prospectId;
  const fields = Object.fromEntries(
    PROSPECT_FIELDS.map((field) => [field, blankIfEmpty(prospect[field])]),
  ) as Record<ProspectField, string>;
  const custom = Object.entries(customFieldsOf(prospect.value)).map(([key, value]) => ({
    title: formatStoredKey(key),
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
  const contacts = prospect.contacts.map((contact) => ({
    ...contact,
    surname: blankIfEmpty(contact.surname),
    name: blankIfEmpty(contact.name),
    fonction: blankIfEmpty(contact.fonction),
    phone: blankIfEmpty(contact.phone),
    mail: blankIfEmpty(contact.mail),
  }));
  return { fields, contacts, custom };
}

/** The standard prospect fields (empty ones saved as 'Aucun'), the contacts and the custom pairs. */
export function ProspectInfoModal({ open, ...props }: ProspectInfoModalProps) {
  return (
    <Modal open={open} title="Informations prospect" onClose={props.onClose}>
      {open && <ProspectForm {...props} />}
    </Modal>
  );
}

function ProspectForm({ opportunity, onClose, onSaved, onTakeTheirs }: Omit<ProspectInfoModalProps, 'open'>) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [values, setValues] = useState<FormValues>(() => initialValues(opportunity));
  const [error, setError] = useState<string | null>(null);
  // The prospect's version when the form opened: what the save says it overwrites.
  const [version] = useState(() => opportunity.prospectId.version);
  const { saving, conflict, save, keepMine, dismiss } = useVersionedSave<ProspectInfoData>({
    opportunityId: opportunity._id,
    version,
    stampOf: (current) => current.prospectId,
    send: (data, sentVersion) =>
      updateProspect({
        organisationId: organisationId ?? '',
        opportunityId: opportunity._id,
        data,
        ...(sentVersion === undefined ? {} : { version: sentVersion }),
      }),
    differences: prospectDifferences,
    onSaved,
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values.fields, contacts: values.contacts, custom: values.custom };
    const problem = firstErrorMessage(prospectInfoSchema, input);
    if (problem) {
      setError(problem);
      return;
    }
    if (!organisationId) return;
    setError(null);
    await save(prospectInfoSchema.parse(input));
  };

  if (conflict)
    return (
      <VersionConflictChoice
        conflict={conflict}
        subject="ce prospect"
        saving={saving}
        onKeepMine={() => void keepMine()}
        onTakeTheirs={() => onTakeTheirs(conflict.current)}
        onCancel={dismiss}
      />
    );

  return (
    <DetailForm onSubmit={handleSubmit} onCancel={onClose} saving={saving} error={error}>
      <div className="detail-form__grid">
        {PROSPECT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={PROSPECT_FIELD_LABELS[field]}
            value={values.fields[field]}
            placeholder="Aucun"
            onChange={(event) =>
              setValues({ ...values, fields: { ...values.fields, [field]: event.target.value } })
            }
          />
        ))}
      </div>
      <ContactsEditor
        contacts={values.contacts}
        onChange={(contacts) => setValues({ ...values, contacts })}
      />
      <CustomFieldsEditor fields={values.custom} onChange={(custom) => setValues({ ...values, custom })} />
    </DetailForm>
  );
}
