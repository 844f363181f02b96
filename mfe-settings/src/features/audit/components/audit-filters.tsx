import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from '@app/domain';
import { Select, TextField } from '@app/platform';

export type AuditFilterValues = { userId: string; kind: AuditKind | ''; from: string; to: string };

export const NO_FILTERS: AuditFilterValues = { userId: '', kind: '', from: '', to: '' };

export type AuditFiltersProps = {
  values: AuditFilterValues;
  people: readonly { _id: string; username: string }[];
  onChange: (values: AuditFilterValues) => void;
};

const KIND_OPTIONS = [
  { value: '', label: 'Tous les types' },
  ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
];

/** Personne, type, période (Du … Au …, both days included). */
export function AuditFilters({ values, people, onChange }: AuditFiltersProps) {
  const peopleOptions = [
    { value: '', label: 'Toutes les personnes' },
    ...people.map((person) => ({ value: person._id, label: person.username })),
  ];
  return (
    <fieldset className="audit-filters">
      <legend className="settings-visually-hidden">Filtres</legend>
      <Select
        label="Personne"
        options={peopleOptions}
        value={values.userId}
        onChange={(userId) => onChange({ ...values, userId })}
      />
      <Select
        label="Type"
        options={KIND_OPTIONS}
        value={values.kind}
        onChange={(kind) => onChange({ ...values, kind: kind as AuditKind | '' })}
      />
      <TextField
        label="Du"
        type="date"
        value={values.from}
        max={values.to || undefined}
        onChange={(event) => onChange({ ...values, from: event.target.value })}
      />
      <TextField
        label="Au"
        type="date"
        value={values.to}
        min={values.from || undefined}
        onChange={(event) => onChange({ ...values, to: event.target.value })}
      />
    </fieldset>
  );
}
