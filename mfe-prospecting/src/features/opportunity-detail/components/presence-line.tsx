import type { UserRef } from '@app/domain';

export type PresenceLineProps = { others: readonly UserRef[] };

/** "Marie Dupont", "Marie Dupont et Paul Martin", "A, B et C". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]}`;
}

/**
 * "Aussi ouvert par …": a polite live region, always in the page so that a colleague arriving or
 * leaving is announced without taking the focus.
 */
export function PresenceLine({ others }: PresenceLineProps) {
  const names = others.map((user) => user.username || 'un collaborateur');
  return (
    <p className="opportunity-detail__presence" role="status" aria-live="polite">
      {names.length > 0 && (
        <>
          <span className="opportunity-detail__presence-dot" aria-hidden="true" />
          Aussi ouvert par {namesList(names)}
        </>
      )}
    </p>
  );
}
