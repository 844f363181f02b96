export type SpinnerProps = { label?: string };

export function Spinner({ label = 'Chargement…' }: SpinnerProps) {
  return (
    <span className="ui-spinner" role="status" aria-label={label}>
      <span className="ui-spinner__wheel" aria-hidden="true" />
    </span>
  );
}
