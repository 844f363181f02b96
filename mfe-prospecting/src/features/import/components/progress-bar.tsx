export type ProgressBarProps = {
  label: string;
  /** 0 to 1. */
  fraction: number;
  /** What the bar stands for in words, e.g. "12 000 lignes lues". */
  detail: string;
};

/** The platform has no progress bar yet: this one is the import's (a native, accessible <progress>). */
export function ProgressBar({ label, fraction, detail }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="import-progress">
      <progress
        className="import-progress__bar"
        aria-label={label}
        aria-valuetext={detail}
        max={100}
        value={percent}
      >
        {percent} %
      </progress>
      <p className="import-progress__detail" aria-live="polite">
        {detail}
      </p>
    </div>
  );
}
