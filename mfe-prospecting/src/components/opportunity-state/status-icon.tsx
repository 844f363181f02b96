export type StatusIconProps = { name: string };

// Status names are looked up by exact text (SPEC §2); an unknown one gets the generic bubble.
const PATHS: Record<string, string> = {
  Mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  'Appel Abouti':
    'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2zM15 5l2 2 4-4',
  'Appel non Abouti':
    'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2zM16 3l5 5M21 3l-5 5',
  PP: 'M8 3v4M16 3v4M3 9h18M4 5h16v16H4z',
  'PP Validé': 'M8 3v4M16 3v4M3 9h18M4 5h16v16H4zM8 15l3 3 5-6',
};
const GENERIC = 'M4 5h16v11H9l-5 4z';

/** The pictogram of a comment status, decorative: its name is always written beside or in a label. */
export function StatusIcon({ name }: StatusIconProps) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name] ?? GENERIC}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
