import type { MouseEvent, ReactNode } from 'react';
import { displayValue, type MessageView } from '@app/domain';
import { useCallFollowUp } from '../hooks/use-call-follow-up';
import { phoneHref } from '../utils/contact-hrefs';
import { CallOutcomeModal } from './call-outcome-modal';

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
  const href = phoneHref(phone);
  if (!href) return <>{displayValue(phone)}</>;
  return (
    <>
      <a className={className} href={href} onClick={followUp.handleCallClick}>
        {children ?? phone}
      </a>
      {/* The dialog is portalled but its events still bubble through React: not to the card below. */}
      <span onClick={(event: MouseEvent) => event.stopPropagation()}>
        <CallOutcomeModal
          open={followUp.offered}
          opportunityId={opportunityId}
          callee={callee}
          phone={phone}
          onClose={followUp.dismiss}
          onRecorded={onRecorded}
        />
      </span>
    </>
  );
}
