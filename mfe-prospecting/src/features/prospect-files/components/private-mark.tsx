import { LineIcon } from './line-icon';

/** Marks a file only its creator sees ('Seulement moi'). */
export function PrivateMark() {
  return (
    <span className="prospect-private" title="Visible seulement par vous">
      <LineIcon name="lock" size={14} />
      Privé
    </span>
  );
}
