import { useCallback, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { type LatLngPrecision, parseListFilter, type MessageView, type OpportunityView } from '@app/domain';
import { Button, LoadingScreen, TimedConfirmation, useDocumentTitle } from '@app/platform';
import { OpportunityStateControl } from '../../../components/opportunity-state/opportunity-state-control';
import { useListNavigation } from '../hooks/use-list-navigation';
import { useOpportunity } from '../hooks/use-opportunity';
import { usePresence } from '../hooks/use-presence';
import { ChatPanel } from './chat-panel';
import { ContractualInfoPanel } from './contractual-info-panel';
import { ContractualModal } from './contractual-modal';
import { DeleteOpportunityButton } from './delete-opportunity-button';
import { DetailFooter } from './detail-footer';
import { DetailHeader } from './detail-header';
import { HistoryPanel } from './history-panel';
import { PresenceLine } from './presence-line';
import { ProspectInfoModal } from './prospect-info-modal';
import { ProspectInfoPanel } from './prospect-info-panel';
import { ToolTiles } from './tool-tiles';
import '../../../components/opportunity-detail.css';

type OpenModal = 'contract' | 'prospect' | 'saved' | null;

/** /dashboard/opportunity/:id?type=<list filter> (SPEC §2 "Opportunity detail"). */
export function OpportunityDetailScreen() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const type = parseListFilter(searchParams.get('type') ?? undefined);
  const { opportunity, failed, reload, replace } = useOpportunity(id);
  useDocumentTitle('Opportunité', opportunity?.prospectId.prospect);
  const navigation = useListNavigation(type, id);
  const present = usePresence(id);
  const [modal, setModal] = useState<OpenModal>(null);
  const listPath = `/dashboard/opportunity/list/${type ?? 'all'}`;

  // The replies of the state and edit calls may be shaped for the lists: the page reads itself again.
  const handleChanged = useCallback(() => reload(), [reload]);
  const handleSaved = useCallback(() => {
    setModal('saved');
    reload();
  }, [reload]);
  const handleConfirmationDone = useCallback(() => setModal(null), []);
  // A colleague's version taken instead of ours: shown as the server has it, nothing sent.
  const handleTakeTheirs = useCallback(
    (current: OpportunityView) => {
      replace(current);
      setModal(null);
    },
    [replace],
  );

  if (failed) {
    return (
      <section className="opportunity-detail">
        <p className="prospecting-empty">Cette opportunité est introuvable.</p>
        <p className="prospecting-empty">
          <Link to={listPath}>Retour à la liste</Link>
        </p>
      </section>
    );
  }
  if (!opportunity) return <LoadingScreen />;

  const handlePosted = (message: MessageView) => {
    replace({ ...opportunity, message: [...opportunity.message, message] });
    // The comment is a history entry too: read it back when the history is shown.
    if (opportunity.history) reload();
  };
  const handleLocated = (latlng: string, latlngPrecision: LatLngPrecision) =>
    replace({ ...opportunity, prospectId: { ...opportunity.prospectId, latlng, latlngPrecision } });

  return (
    <article className="opportunity-detail" aria-labelledby="opportunity-detail-title">
      <DetailHeader opportunity={opportunity} navigation={navigation} listPath={listPath} />
      <PresenceLine others={present} />
      <OpportunityStateControl
        key={opportunity._id}
        opportunity={opportunity}
        onChanged={handleChanged}
        layout="bar"
      />
      <div className="opportunity-detail__grid">
        <div className="opportunity-detail__column">
          <ContractualInfoPanel informationContractuelle={opportunity.informationContractuelle} />
          <div className="opportunity-detail__actions">
            <Button variant="secondary" onClick={() => setModal('contract')}>
              Ajouter des informations contractuelles
            </Button>
            <Button variant="secondary" onClick={() => setModal('prospect')}>
              Modifier le prospect
            </Button>
            <DeleteOpportunityButton
              opportunityId={opportunity._id}
              prospectName={opportunity.prospectId.prospect}
              listPath={listPath}
            />
          </div>
          <ProspectInfoPanel
            prospect={opportunity.prospectId}
            opportunityId={opportunity._id}
            onCallRecorded={handlePosted}
          />
        </div>
        <div className="opportunity-detail__column">
          <ToolTiles
            prospect={opportunity.prospectId}
            opportunityId={opportunity._id}
            onCallRecorded={handlePosted}
          />
          <ChatPanel
            key={opportunity._id}
            opportunityId={opportunity._id}
            messages={opportunity.message}
            onPosted={handlePosted}
          />
        </div>
      </div>
      {opportunity.history && <HistoryPanel history={opportunity.history} />}
      <DetailFooter
        creationDate={opportunity.creationDate}
        prospect={opportunity.prospectId}
        onLocated={handleLocated}
      />
      <ContractualModal
        open={modal === 'contract'}
        opportunity={opportunity}
        onClose={() => setModal(null)}
        onSaved={handleSaved}
        onTakeTheirs={handleTakeTheirs}
      />
      <ProspectInfoModal
        open={modal === 'prospect'}
        opportunity={opportunity}
        onClose={() => setModal(null)}
        onSaved={handleSaved}
        onTakeTheirs={handleTakeTheirs}
      />
      <TimedConfirmation
        open={modal === 'saved'}
        title="Enregistré"
        message="Les informations ont bien été enregistrées."
        onDone={handleConfirmationDone}
      />
    </article>
  );
}
