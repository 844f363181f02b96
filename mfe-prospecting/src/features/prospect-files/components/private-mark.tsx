/** Marks a file only its creator sees ('Seulement moi'). */
export function PrivateMark() {
  return (
    <span className="prospect-private" title="Visible seulement par vous">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      Privé
    </span>
  );
}
