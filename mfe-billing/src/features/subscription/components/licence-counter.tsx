import { useId, useState } from 'react';
import { LICENCE_MAX_COUNT, LICENCE_MIN_COUNT, licenceCountSchema, MESSAGES } from '@app/domain';

export type LicenceCounterProps = {
  initial?: number;
  /** The count, or null while what is typed is not a valid count. */
  onChange: (count: number | null) => void;
};

/** The number of licences to buy: minimum 1 (SPEC §5), with − and + buttons. */
export function LicenceCounter({ initial = LICENCE_MIN_COUNT, onChange }: LicenceCounterProps) {
  const id = useId();
  const [text, setText] = useState(String(initial));
  const [error, setError] = useState<string | null>(null);

  const apply = (next: string) => {
    setText(next);
    const parsed = licenceCountSchema.safeParse(next.trim() === '' ? Number.NaN : Number(next));
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.licenceCountTooLow));
    onChange(parsed.success ? parsed.data : null);
  };

  const current = Number(text);
  const handleStep = (step: number) => {
    const base = Number.isInteger(current) ? current : LICENCE_MIN_COUNT;
    if (base + step < LICENCE_MIN_COUNT) {
      // Going below one keeps one and says why (SPEC §5).
      setText(String(LICENCE_MIN_COUNT));
      setError(MESSAGES.licenceCountTooLow);
      onChange(LICENCE_MIN_COUNT);
      return;
    }
    apply(String(Math.min(base + step, LICENCE_MAX_COUNT)));
  };

  return (
    <div className="billing-counter">
      <label htmlFor={id}>Nombre de licences</label>
      <div className="billing-counter__controls">
        <button
          type="button"
          className="ui-button ui-button--secondary"
          aria-label="Retirer une licence"
          onClick={() => handleStep(-1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={LICENCE_MIN_COUNT}
          max={LICENCE_MAX_COUNT}
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => apply(event.target.value)}
        />
        <button
          type="button"
          className="ui-button ui-button--secondary"
          aria-label="Ajouter une licence"
          onClick={() => handleStep(1)}
        >
          +
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="billing-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
