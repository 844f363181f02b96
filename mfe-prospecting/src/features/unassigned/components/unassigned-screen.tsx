import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  ignoreHandledFailure,
  notifySuccess,
  Spinner,
  useDocumentTitle,
  useSessionStore,
} from '@app/platform';
import { usePagedList } from '../../../hooks/use-paged-list';
import { createOpportunity } from '../api/create-opportunity';
import { getUnassigned } from '../api/get-unassigned';
import { takeNext } from '../api/take-next';
import type { UnassignedProspect } from '../types/unassigned-prospect';
import { UnassignedTable } from './unassigned-table';
import '../unassigned.css';

/** Rows per request. */
export const UNASSIGNED_PAGE = 500;

/**
 * /dashboard/opportunity/unassigned: the prospects of the visible files that nobody has taken yet
 * (docs/decisions/opportunity-list.md). "Prendre le suivant" takes the first and opens it.
 */
export function UnassignedScreen() {
  useDocumentTitle('Opportunités', 'Non attribuées');
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const navigate = useNavigate();
  // After a take the positions move up by one: every page is fetched again (invalidate) when next needed.
  const pages = usePagedList(getUnassigned, UNASSIGNED_PAGE);
  const [takingNext, setTakingNext] = useState(false);
  // Prospects taken from this screen: id -> the new opportunity's id.
  const [taken, setTaken] = useState<ReadonlyMap<string, string>>(new Map());
  const [taking, setTaking] = useState<ReadonlySet<string>>(new Set());
  const { invalidate } = pages;

  const handleTakeNext = async () => {
    if (!organisationId) return;
    setTakingNext(true);
    try {
      const { opportunityId } = await takeNext({ organisationId });
      navigate(`/dashboard/opportunity/${encodeURIComponent(opportunityId)}?type=todo`);
    } catch (error) {
      ignoreHandledFailure(error);
      setTakingNext(false);
    }
  };

  const handleTake = useCallback(
    async (prospect: UnassignedProspect) => {
      if (!organisationId) return;
      setTaking((previous) => new Set(previous).add(prospect._id));
      try {
        const { opportunityId } = await createOpportunity({ organisationId, prospectId: prospect._id });
        setTaken((previous) => new Map(previous).set(prospect._id, opportunityId));
        notifySuccess(`${prospect.prospect} est maintenant une de vos opportunités`);
        invalidate();
      } catch (error) {
        // Taken by someone else in the meantime: the pool is fetched again without it.
        invalidate();
        ignoreHandledFailure(error);
      } finally {
        setTaking((previous) => {
          const next = new Set(previous);
          next.delete(prospect._id);
          return next;
        });
      }
    },
    [organisationId, invalidate],
  );

  const total = pages.total;
  return (
    <section className="unassigned-screen">
      <div className="unassigned-screen__header">
        <div>
          <h1 className="ui-page-title">Opportunités non attribuées</h1>
          <p className="unassigned-screen__intro">
            Les prospects des fichiers de prospection que personne n&apos;a encore pris.
            {total !== null && (
              <>
                {' '}
                <strong>
                  {total.toLocaleString('fr-FR')} prospect{total > 1 ? 's' : ''} disponible
                  {total > 1 ? 's' : ''}
                </strong>
              </>
            )}
          </p>
        </div>
        <Button onClick={handleTakeNext} disabled={takingNext || total === 0}>
          Prendre le suivant
        </Button>
      </div>
      {total === null ? (
        <div className="unassigned-screen__loading">
          <Spinner label="Chargement des prospects" />
        </div>
      ) : total === 0 ? (
        <p className="prospecting-empty">Aucun prospect à prendre : importez un fichier de prospection.</p>
      ) : (
        <UnassignedTable pages={pages} taken={taken} taking={taking} onTake={handleTake} />
      )}
    </section>
  );
}
