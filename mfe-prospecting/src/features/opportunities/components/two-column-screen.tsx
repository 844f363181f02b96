import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { OpportunityStateControl } from '../../../components/opportunity-state/opportunity-state-control';
import type { MessageView, OpportunityView } from '@app/domain';
import type { OpportunityCountsState } from '../hooks/use-opportunity-counts';
import { useListView } from '../../../hooks/use-list-view';
import { useOpportunityList, type OpportunityList } from '../../../hooks/use-opportunity-list';
import { defaultSortOf } from '../../../utils/sort-options';
import { withPostedMessage } from '../utils/with-posted-message';
import { OpportunityListView } from './opportunity-list-view';

export type TwoColumnScreenProps = { counts: OpportunityCountsState };

/**
 * The prospecting home's two columns (SPEC §2): TODO and WAITING side by side, each with its own
 * count, filters, sort and search. Reached at /dashboard/opportunity/list/todo?vue=colonnes.
 */
export function TwoColumnScreen({ counts }: TwoColumnScreenProps) {
  const todo = useOpportunityList('todo');
  const waiting = useOpportunityList('waiting');
  const { refresh } = counts;
  const applyTodo = todo.applyChange;
  const applyWaiting = waiting.applyChange;
  // A card moving from one column to the other leaves the first and appears in the second.
  const handleChanged = useCallback(
    (changed: OpportunityView, message?: MessageView) => {
      const opportunity = withPostedMessage(changed, message);
      applyTodo(opportunity);
      applyWaiting(opportunity);
      refresh();
    },
    [applyTodo, applyWaiting, refresh],
  );

  return (
    <section className="opportunity-screen">
      <div className="opportunity-screen__header">
        <h1 className="ui-page-title">Opportunités</h1>
        <Link className="ui-button ui-button--ghost" to="/dashboard/opportunity/list/todo">
          Vue en liste
        </Link>
      </div>
      <div className="opportunity-columns">
        <OpportunityColumn
          filter="todo"
          title="Opportunité à faire"
          count={counts.counts?.todo}
          list={todo}
          onChanged={handleChanged}
        />
        <OpportunityColumn
          filter="waiting"
          title="Opportunité en attente"
          count={counts.counts?.waiting}
          list={waiting}
          onChanged={handleChanged}
        />
      </div>
    </section>
  );
}

type OpportunityColumnProps = {
  filter: 'todo' | 'waiting';
  title: string;
  count: number | undefined;
  list: OpportunityList;
  onChanged: (opportunity: OpportunityView, message?: MessageView) => void;
};

function OpportunityColumn({ filter, title, count, list, onChanged }: OpportunityColumnProps) {
  const view = useListView(list.items, defaultSortOf(filter), filter, { keepForSession: true });
  const headingId = `opportunity-column-${filter}`;
  return (
    <section className="opportunity-column" aria-labelledby={headingId}>
      <h2 id={headingId} className="opportunity-column__title">
        {title}
        {count !== undefined && (
          <>
            {' '}
            <span className="opportunity-tab__count">{count.toLocaleString('fr-FR')}</span>
          </>
        )}
      </h2>
      <OpportunityListView
        view={view}
        listType={filter}
        loading={list.loading}
        loadingMore={list.loadingMore}
        label={title}
        renderStrip={(opportunity) => (
          <OpportunityStateControl opportunity={opportunity} onChanged={onChanged} layout="strip" shortcuts />
        )}
      />
    </section>
  );
}
