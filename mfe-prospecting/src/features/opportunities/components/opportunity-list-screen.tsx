import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { LIST_FILTER_LABELS, LIST_FILTERS, parseListFilter, type ListFilter } from '@app/domain';
import { Tabs } from '@app/platform';

/** /dashboard/opportunity/list/:filter — the list itself arrives with the opportunities feature. */
export function OpportunityListScreen() {
  const { filter } = useParams();
  const navigate = useNavigate();
  const current = parseListFilter(filter);
  if (!current) return <Navigate to="/dashboard/opportunity/list/all" replace />;
  return (
    <section>
      <h1 className="ui-page-title">Opportunités</h1>
      <Tabs<ListFilter>
        label="Filtre des opportunités"
        tabs={LIST_FILTERS.map((id) => ({ id, label: LIST_FILTER_LABELS[id] }))}
        selected={current}
        onSelect={(id) => navigate(`/dashboard/opportunity/list/${id}`)}
      />
      <div className="prospecting-toolbar">
        <input type="search" aria-label="Rechercher" placeholder="Rechercher" />
      </div>
      <p className="prospecting-empty">Aucun résultat</p>
    </section>
  );
}
