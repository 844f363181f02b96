import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { displayValue, type MessageView } from '@app/domain';
import { useCallFollowUp } from '../hooks/use-call-follow-up';
import { phoneHref } from '../utils/contact-hrefs';
import './contact-link.css';

// The outcome form (and the schema library it validates with) loads when a call is made: a list of
// cards does not download it (docs/decisions/bundle-budget.md).
const loadOutcomeModal = () => import('./call-outcome-modal');
const CallOutcomeModal = lazy(() =>
  loadOutcomeModal().then((module) => ({ default: module.CallOutcomeModal })),
);

export type CallLinkProps = {
  phone: string;
  /** The opportunity the call's outcome is recorded on. */
  opportunityId: string;
  /** Who is called (the company or the contact), named in the follow-up. */
  callee: string;
  className?: string;
  /** The link's content; the number itself by default. */
  children?: ReactNode;
  onRecorded?: (message: MessageView) => void;
};

/** A tel: link that, once the user is back from the call, offers to record its outcome. */
export function CallLink({ phone, opportunityId, callee, className, children, onRecorded }: CallLinkProps) {
  const followUp = useCallFollowUp();
  // Mounted from the first offer on, so the dialog fades out when it closes.
  const [offeredOnce, setOfferedOnce] = useState(false);
  if (followUp.offered && !offeredOnce) setOfferedOnce(true);
  const href = phoneHref(phone);
  if (!href) return <>{displayValue(phone)}</>;

  const handleClick = () => {
    // Fetched while the user is on the phone, so the form is there when they come back.
    void loadOutcomeModal();
    followUp.handleCallClick();
  };

  return (
    <>
      <a
        className={className ? `contact-link ${className}` : 'contact-link'}
        href={href}
        onClick={handleClick}
      >
        {children ?? phone}
      </a>
      {offeredOnce && (
        // The dialog is portalled but its events still bubble through React: not to the card below.
        <span onClick={(event: MouseEvent) => event.stopPropagation()}>
          <Suspense fallback={null}>
            <CallOutcomeModal
              open={followUp.offered}
              opportunityId={opportunityId}
              callee={callee}
              phone={phone}
              onClose={followUp.dismiss}
              onRecorded={onRecorded}
            />
          </Suspense>
        </span>
      )}
    </>
  );
}
