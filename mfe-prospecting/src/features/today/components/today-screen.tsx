import { Link } from 'react-router-dom';
import { type AgendaItem, displayValue, formatDateTimeInZone, formatDays } from '@app/domain';
import { Spinner, useApiQuery, useDocumentTitle, useSessionStore } from '@app/platform';
import { OpportunityStateControl } from '../../../components/opportunity-state/opportunity-state-control';
import { useStatuses } from '../../../hooks/use-statuses';
import { getTodayAgenda } from '../api/get-today-agenda';
import { TodayCommentForm } from './today-comment-form';
import '../today.css';

function dueText(item: AgendaItem): string {
  return item.overdueDays === 0 ? "Aujourd'hui" : `${formatDays(item.overdueDays)} en retard`;
}

/**
 * "Aujourd'hui": the member's follow-ups due today and overdue, oldest first, each with the four state
 * buttons and a comment; a change of state takes the follow-up off the list (docs/decisions/notifications.md).
 * Cards at every width: one column on a phone, a grid on a desk.
 */
export function TodayScreen() {
  useDocumentTitle("Aujourd'hui");
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const statuses = useStatuses();
  const { data, loading, refetch } = useApiQuery(getTodayAgenda, organisationId ? { organisationId } : null, {
    key: 'agenda/today',
  });
  const items = data?.items ?? [];

  return (
    <section className="today" aria-labelledby="today-title">
      <h1 id="today-title">Aujourd&apos;hui</h1>
      <p className="today__intro">
        {data
          ? data.total === 0
            ? 'Aucune relance à faire aujourd’hui.'
            : `${data.total} ${data.total > 1 ? 'relances' : 'relance'} à faire, les plus anciennes d’abord.`
          : null}
      </p>
      {loading ? (
        <Spinner label="Chargement des relances…" />
      ) : items.length === 0 ? null : (
        <ol className="today__list">
          {items.map((item) => {
            const name = displayValue(item.prospect.prospect);
            return (
              <li key={item._id} className="today-card" aria-label={name}>
                <div className="today-card__strip">
                  <OpportunityStateControl opportunity={item} onChanged={refetch} />
                </div>
                <div className="today-card__body">
                  <h2 className="today-card__title">
                    <Link to={`/dashboard/opportunity/${encodeURIComponent(item._id)}?type=todo`}>
                      {name}
                    </Link>
                  </h2>
                  <p className={`today-card__due${item.overdueDays > 0 ? ' today-card__due--late' : ''}`}>
                    {dueText(item)} · relance du {formatDateTimeInZone(item.waitingDate)}
                  </p>
                  <p className="today-card__facts">
                    {[item.prospect.enseigne, item.prospect.codePostale, item.prospect.ville]
                      .map(displayValue)
                      .filter((value) => value !== 'Aucun')
                      .join(' · ')}
                  </p>
                  {item.prospect.telephone && item.prospect.telephone !== 'Aucun' ? (
                    <a
                      className="today-card__phone"
                      href={`tel:${encodeURIComponent(item.prospect.telephone)}`}
                    >
                      {item.prospect.telephone}
                    </a>
                  ) : null}
                  <TodayCommentForm opportunityId={item._id} statuses={statuses} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
