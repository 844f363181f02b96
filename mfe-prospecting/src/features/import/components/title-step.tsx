import { useState, type FormEvent } from 'react';
import { IMPORT_ACCESS_LEVELS, importTitleSchema, type ImportAccess } from '@app/domain';
import { Button, TextField } from '@app/platform';

export type TitleChoice = { title: string; access: ImportAccess };

export type TitleStepProps = {
  initial: { title: string; access: ImportAccess | '' };
  onBack: () => void;
  onNext: (choice: TitleChoice) => void;
};

/** Step 2: the file's title and who sees it ('Tout le monde' or 'Seulement moi'). */
export function TitleStep({ initial, onBack, onNext }: TitleStepProps) {
  const [title, setTitle] = useState(initial.title);
  const [access, setAccess] = useState<ImportAccess | ''>(initial.access);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = importTitleSchema.safeParse({ title, access: access || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onNext({ title: parsed.data.title, access: parsed.data.access });
  };

  return (
    <form className="import-step" onSubmit={handleSubmit} noValidate>
      <TextField
        label="Titre"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={200}
      />
      <fieldset className="import-access">
        <legend>Accès</legend>
        {IMPORT_ACCESS_LEVELS.map((level) => (
          <label key={level} className="import-radio">
            <input
              type="radio"
              name="import-access"
              value={level}
              checked={access === level}
              onChange={() => setAccess(level)}
            />
            {level}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="import-error" role="alert">
          {error}
        </p>
      )}
      <div className="import-actions">
        <Button variant="secondary" onClick={onBack}>
          Retour
        </Button>
        <Button type="submit">Suivant</Button>
      </div>
    </form>
  );
}
