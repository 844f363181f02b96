import { Link } from 'react-router-dom';
import type { OpportunityView } from '@app/domain';
import type { ListNavigation } from '../hooks/use-list-navigation';

export type DetailHeaderProps = {
  opportunity: OpportunityView;
  navigation: ListNavigation;
  /** The list the user came from, for the back link. */
  listPath: string;
};

/** Owner, prospect and the arrows through the list; the previous arrow is hidden on the first item. */
export function DetailHeader({ opportunity, navigation, listPath }: DetailHeaderProps) {
  const { previousId, nextId, position, total, goTo } = navigation;
  return (
    <header className="detail-header">
      <Link className="detail-header__back" to={listPath}>
        ← Retour à la liste
      </Link>
      <div className="detail-header__main">
        {previousId ? (
          <button
            type="button"
            className="detail-arrow"
            aria-label="Opportunité précédente"
            title="Opportunité précédente (flèche gauche)"
            onClick={() => goTo(previousId)}
          >
            ‹
          </button>
        ) : (
          <span className="detail-arrow detail-arrow--placeholder" aria-hidden="true" />
        )}
        <div className="detail-header__titles">
          <h1 id="opportunity-detail-title" className="detail-header__prospect">
            {opportunity.prospectId.prospect}
          </h1>
          <p className="detail-header__owner">
            Responsable : <strong>@{opportunity.user.username}</strong>
            {position !== null && (
              <span className="detail-header__position">
                {' '}
                · {position} / {total}
              </span>
            )}
          </p>
        </div>
        {position !== null && (
          <button
            type="button"
            className="detail-arrow"
            aria-label="Opportunité suivante"
            title="Opportunité suivante (flèche droite)"
            disabled={!nextId}
            onClick={() => nextId && goTo(nextId)}
          >
            ›
          </button>
        )}
      </div>
    </header>
  );
}
