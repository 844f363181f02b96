import type { CustomField } from '@app/domain';
import { Button, TextField } from '@app/platform';

export type CustomFieldsEditorProps = {
  fields: readonly CustomField[];
  onChange: (fields: CustomField[]) => void;
};

/** Free title/value pairs, added and removed one by one. */
export function CustomFieldsEditor({ fields, onChange }: CustomFieldsEditorProps) {
  const update = (index: number, patch: Partial<CustomField>) =>
    onChange(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  return (
    <fieldset className="detail-form__group">
      <legend>Champs personnalisés</legend>
      {fields.map((field, index) => (
        <div className="detail-form__pair" key={index}>
          <TextField
            label={`Titre ${index + 1}`}
            value={field.title}
            onChange={(event) => update(index, { title: event.target.value })}
          />
          <TextField
            label={`Valeur ${index + 1}`}
            value={field.value}
            onChange={(event) => update(index, { value: event.target.value })}
          />
          <Button
            variant="ghost"
            aria-label={`Supprimer le champ ${index + 1}`}
            onClick={() => onChange(fields.filter((_, i) => i !== index))}
          >
            ×
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => onChange([...fields, { title: '', value: '' }])}>
        Ajouter un champ
      </Button>
    </fieldset>
  );
}
