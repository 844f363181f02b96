import { useId, type FormEvent } from 'react';
import {
  ESTABLISHMENT_NATURES,
  NEW_OPPORTUNITY_STATE_LABELS,
  NEW_OPPORTUNITY_STATES,
  type ContactView,
  type NewOpportunityState,
} from '@app/domain';
import { ModalFooter, Select, TextField } from '@app/platform';
import { ContactsEditor } from '../../../components/contacts-editor';

export type NewOpportunityValues = {
  title: string;
  enseigne: string;
  adresse: string;
  codePostale: string;
  ville: string;
  telephone: string;
  email: string;
  siret: string;
  libelle: string;
  metier: string;
  tranche: string;
  state: string;
  state2: NewOpportunityState;
  /** datetime-local value. */
  dateStatus: string;
  contacts: ContactView[];
};

export const EMPTY_NEW_OPPORTUNITY: NewOpportunityValues = {
  title: '',
  enseigne: '',
  adresse: '',
  codePostale: '',
  ville: '',
  telephone: '',
  email: '',
  siret: '',
  libelle: '',
  metier: '',
  tranche: '',
  state: ESTABLISHMENT_NATURES[0],
  state2: 'TODO',
  dateStatus: '',
  contacts: [],
};

type TextKey = Exclude<keyof NewOpportunityValues, 'state' | 'state2' | 'dateStatus' | 'contacts'>;

const TEXT_FIELDS: readonly { key: TextKey; label: string; type?: string; autoComplete?: string }[] = [
  { key: 'title', label: 'Raison sociale', autoComplete: 'organization' },
  { key: 'enseigne', label: 'Enseigne' },
  { key: 'adresse', label: 'Adresse', autoComplete: 'street-address' },
  { key: 'codePostale', label: 'Code postal', autoComplete: 'postal-code' },
  { key: 'ville', label: 'Ville', autoComplete: 'address-level2' },
  { key: 'telephone', label: 'Téléphone', type: 'tel' },
  { key: 'email', label: 'E-mail', type: 'email' },
  { key: 'siret', label: 'SIRET' },
  { key: 'libelle', label: 'Libellé activité' },
  { key: 'metier', label: 'Métier' },
  { key: 'tranche', label: 'Tranche salariés' },
];

export type NewOpportunityFormProps = {
  values: NewOpportunityValues;
  onChange: (values: NewOpportunityValues) => void;
  assignee: string;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
};

/** Every field of the new-opportunity modal (SPEC §2); the assignee is the current user, fixed. */
export function NewOpportunityForm({
  values,
  onChange,
  assignee,
  error,
  busy,
  onSubmit,
  onCancel,
}: NewOpportunityFormProps) {
  const errorId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      className="detail-form"
      onSubmit={handleSubmit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      <div className="detail-form__grid">
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            value={values[field.key]}
            onChange={(event) => onChange({ ...values, [field.key]: event.target.value })}
          />
        ))}
        <Select
          label="Nature"
          value={values.state}
          options={ESTABLISHMENT_NATURES.map((nature) => ({ value: nature, label: nature }))}
          onChange={(state) => onChange({ ...values, state })}
        />
        <Select
          label="Statut"
          value={values.state2}
          options={NEW_OPPORTUNITY_STATES.map((state) => ({
            value: state,
            label: NEW_OPPORTUNITY_STATE_LABELS[state],
          }))}
          onChange={(state2) => onChange({ ...values, state2: state2 as NewOpportunityState })}
        />
        <TextField
          label="Date de status"
          type="datetime-local"
          value={values.dateStatus}
          onChange={(event) => onChange({ ...values, dateStatus: event.target.value })}
        />
      </div>
      <ContactsEditor contacts={values.contacts} onChange={(contacts) => onChange({ ...values, contacts })} />
      <p className="new-opportunity__assignee">
        Assignée à : <strong>@{assignee}</strong>
      </p>
      <ModalFooter
        confirmLabel="Créer l'opportunité"
        confirmDisabled={busy}
        onCancel={onCancel}
        cancelDisabled={busy}
        error={error}
        errorId={errorId}
        className="detail-form__actions"
        errorClassName="detail-error"
      />
    </form>
  );
}
