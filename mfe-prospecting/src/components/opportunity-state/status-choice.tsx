import { useId } from 'react';
import type { StatusView } from '../../types/opportunity-view';
import { StatusIcon } from './status-icon';

export type StatusChoiceProps = {
  statuses: readonly StatusView[];
  /** The chosen status id, '' when none. */
  value: string;
  onChange: (statusId: string) => void;
  legend?: string;
  disabled?: boolean;
};

/** The five status icons, one selectable at a time: radio buttons a keyboard reaches with the arrows. */
export function StatusChoice({ statuses, value, onChange, legend = 'Statut', disabled }: StatusChoiceProps) {
  const group = useId();
  return (
    <fieldset className="status-choice" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="status-choice__options">
        {statuses.map((status) => (
          <label
            key={status._id}
            className={
              status._id === value
                ? 'status-choice__option status-choice__option--selected'
                : 'status-choice__option'
            }
            title={status.name}
          >
            <input
              type="radio"
              name={group}
              value={status._id}
              checked={status._id === value}
              onChange={() => onChange(status._id)}
            />
            <StatusIcon name={status.name} />
            <span className="status-choice__name">{status.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
