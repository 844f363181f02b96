import { lazy, Suspense, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { PERMISSION } from '@app/domain';
import { useSessionStore } from '@app/platform';
import { useOpportunityStateChange, type StateChangeOptions } from '../../hooks/use-opportunity-state-change';
import type { OpportunityView } from '../../types/opportunity-view';
import { StateButtons } from './state-buttons';
import { StateShortcuts } from './state-shortcuts';
import './opportunity-state.css';

export type OpportunityStateControlProps = {
  opportunity: Pick<OpportunityView, '_id' | 'state'>;
  onChanged: StateChangeOptions['onChanged'];
  /** 'strip': a card's vertical left strip; 'bar': the detail page's row of buttons. */
  layout?: 'strip' | 'bar';
  /** Also show the shortcut bubbles under the buttons. */
  shortcuts?: boolean;
};

// The picker, the comment modal and the confirmations load on a first state button click: a list of
// cards does not download them (docs/decisions/bundle-budget.md).
const StateDialogs = lazy(() =>
  import('./state-dialogs').then((module) => ({ default: module.StateDialogs })),
);

// Clicks and keys inside the control (its modals included: React bubbles through portals) must not
// reach a clickable card around it.
const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

/**
 * The four state buttons of an opportunity with their picker, comment modal and confirmations.
 * Buttons are disabled for roles without "Changer l'état" (the server refuses them anyway).
 */
export function OpportunityStateControl({
  opportunity,
  onChanged,
  layout = 'strip',
  shortcuts = false,
}: OpportunityStateControlProps) {
  const change = useOpportunityStateChange({ opportunity, onChanged });
  const allowed = useSessionStore((state) => (state.permissions & PERMISSION.CHANGE_STATE) !== 0);
  // Once opened, the dialogs stay mounted so that closing them fades out as every modal does.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && change.step.kind !== 'idle') setDialogsWanted(true);
  return (
    <div className={`opportunity-state opportunity-state--${layout}`} onClick={stop} onKeyDown={stop}>
      <StateButtons
        change={change}
        orientation={layout === 'strip' ? 'vertical' : 'horizontal'}
        disabled={!allowed}
      />
      {shortcuts && <StateShortcuts change={change} disabled={!allowed} />}
      {dialogsWanted && (
        <Suspense fallback={null}>
          <StateDialogs change={change} />
        </Suspense>
      )}
    </div>
  );
}
