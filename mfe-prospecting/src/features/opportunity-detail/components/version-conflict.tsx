import { useEffect, useId, useRef } from 'react';
import { formatClock } from '@app/domain';
import { Button } from '@app/platform';
import type { VersionConflict } from '../hooks/use-versioned-save';

export type VersionConflictChoiceProps = {
  conflict: VersionConflict;
  /** What was edited, in the sentence: "ce prospect", "les informations contractuelles". */
  subject: string;
  saving: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onCancel: () => void;
};

const EMPTY = '(vide)';

/**
 * "Choose a version": each field that differs with "Votre version" and "Version de <collègue>
 * (modifiée à HH:MM)", then keep mine, take theirs or cancel. Shown in place of the form, in its
 * dialog (a full-height sheet on a phone); the focus goes to its title.
 */
export function VersionConflictChoice({
  conflict,
  subject,
  saving,
  onKeepMine,
  onTakeTheirs,
  onCancel,
}: VersionConflictChoiceProps) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [conflict]);
  const theirLabel = `Version de ${conflict.author}${
    conflict.at === undefined ? '' : ` (modifiée à ${formatClock(new Date(conflict.at))})`
  }`;
  return (
    <section className="version-conflict" aria-labelledby={titleId}>
      <h3 id={titleId} ref={title} tabIndex={-1} className="version-conflict__title">
        Modifié entre-temps par {conflict.author}
      </h3>
      <p className="version-conflict__intro">
        {conflict.author} a enregistré une autre version pendant que vous modifiiez {subject}. Choisissez
        celle à garder : rien n’est enregistré tant que vous n’avez pas choisi.
      </p>
      <ul className="version-conflict__fields">
        {conflict.differences.map((difference) => (
          <li key={difference.key} className="version-conflict__field">
            <h4 className="version-conflict__label">{difference.label}</h4>
            <dl className="version-conflict__versions">
              <div className="version-conflict__version version-conflict__version--mine">
                <dt>Votre version</dt>
                <dd>{difference.mine || EMPTY}</dd>
              </div>
              <div className="version-conflict__version version-conflict__version--theirs">
                <dt>{theirLabel}</dt>
                <dd>{difference.theirs || EMPTY}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="version-conflict__actions">
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Annuler
        </Button>
        <Button variant="secondary" onClick={onTakeTheirs} disabled={saving}>
          Prendre la version de {conflict.author}
        </Button>
        <Button onClick={onKeepMine} disabled={saving}>
          Garder ma version
        </Button>
      </div>
    </section>
  );
}
