import { useState, type FormEvent } from 'react';
import {
  contractualSchema,
  firstErrorMessage,
  fromContractualRecord,
  INVESTMENT_TYPES,
  toContractualRecord,
  type ContractualFormValues,
  type CustomField,
  type OpportunityView,
} from '@app/domain';
import { Modal, Select, TextField, useSessionStore } from '@app/platform';
import { updateContractual } from '../api/update-contractual';
import { useVersionedSave } from '../hooks/use-versioned-save';
import { contractualDifferences } from '../utils/version-differences';
import { VersionConflictChoice } from './version-conflict';
import { CustomFieldsEditor } from './custom-fields-editor';
import { DetailForm } from './detail-form';

export type ContractualModalProps = {
  open: boolean;
  opportunity: OpportunityView;
  onClose: () => void;
  onSaved: (opportunity: OpportunityView) => void;
  /** A colleague saved first and the member took their version: the page shows it, nothing is sent. */
  onTakeTheirs: (opportunity: OpportunityView) => void;
};

const INVESTMENT_LABELS: Record<(typeof INVESTMENT_TYPES)[number], string> = {
  location: 'Location',
  achat: 'Achat',
};

const pad2 = (value: number) => String(value).padStart(2, '0');
function todayIso(): string {
  const today = new Date();
  return `${today.getFullYear()}-${pad2(today.getMonth() + 1)}-${pad2(today.getDate())}`;
}

/** Investment type, forecast end date (not before today), current service and provider, custom pairs. */
export function ContractualModal({ open, ...props }: ContractualModalProps) {
  return (
    <Modal open={open} title="Informations contractuelles" onClose={props.onClose}>
      {open && <ContractualForm {...props} />}
    </Modal>
  );
}

function ContractualForm({
  opportunity,
  onClose,
  onSaved,
  onTakeTheirs,
}: Omit<ContractualModalProps, 'open'>) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [values, setValues] = useState<ContractualFormValues>(() =>
    fromContractualRecord(opportunity.informationContractuelle),
  );
  const [minDate] = useState(todayIso);
  const [error, setError] = useState<string | null>(null);
  // The opportunity's version when the form opened: what the save says it overwrites.
  const [version] = useState(() => opportunity.version);
  const { saving, conflict, save, keepMine, dismiss } = useVersionedSave<Record<string, string>>({
    opportunityId: opportunity._id,
    version,
    stampOf: (current) => current,
    send: (data, sentVersion) =>
      updateContractual({
        organisationId: organisationId ?? '',
        opportunityId: opportunity._id,
        data,
        ...(sentVersion === undefined ? {} : { version: sentVersion }),
      }),
    differences: contractualDifferences,
    onSaved,
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = firstErrorMessage(contractualSchema, values);
    if (problem) {
      setError(problem);
      return;
    }
    if (!organisationId) return;
    setError(null);
    await save(toContractualRecord(contractualSchema.parse(values)));
  };

  if (conflict)
    return (
      <VersionConflictChoice
        conflict={conflict}
        subject="les informations contractuelles"
        saving={saving}
        onKeepMine={() => void keepMine()}
        onTakeTheirs={() => onTakeTheirs(conflict.current)}
        onCancel={dismiss}
      />
    );

  return (
    <DetailForm onSubmit={handleSubmit} onCancel={onClose} saving={saving} error={error}>
      <Select
        label="Type d'investissement"
        value={values.investmentType ?? ''}
        options={[
          { value: '', label: 'Choisir…' },
          ...INVESTMENT_TYPES.map((type) => ({ value: type, label: INVESTMENT_LABELS[type] })),
        ]}
        onChange={(value) =>
          setValues({
            ...values,
            investmentType: (INVESTMENT_TYPES as readonly string[]).includes(value)
              ? (value as ContractualFormValues['investmentType'])
              : undefined,
          })
        }
      />
      <TextField
        label="Date prévisionnelle de fin de contrat"
        type="date"
        min={minDate}
        value={values.endDate ?? ''}
        onChange={(event) => setValues({ ...values, endDate: event.target.value })}
      />
      <TextField
        label="Prestation actuelle"
        value={values.currentService ?? ''}
        onChange={(event) => setValues({ ...values, currentService: event.target.value })}
      />
      <TextField
        label="Prestataire actuel"
        value={values.currentProvider ?? ''}
        onChange={(event) => setValues({ ...values, currentProvider: event.target.value })}
      />
      <CustomFieldsEditor
        fields={(values.custom ?? []) as CustomField[]}
        onChange={(custom) => setValues({ ...values, custom })}
      />
    </DetailForm>
  );
}
