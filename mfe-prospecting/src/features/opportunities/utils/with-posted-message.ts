import { CARD_MESSAGE_PREVIEWS, type MessageView, type OpportunityView } from '@app/domain';

/**
 * The opportunity a card shows after a state change. Going to WAITING posts its comment after
 * setWaiting answered, so the server's opportunity does not hold it yet: put it first (list replies
 * carry the last messages newest first), keeping the card's preview length.
 */
export function withPostedMessage(opportunity: OpportunityView, message?: MessageView): OpportunityView {
  if (!message) return opportunity;
  const others = opportunity.message.filter((previous) => previous._id !== message._id);
  return { ...opportunity, message: [message, ...others].slice(0, CARD_MESSAGE_PREVIEWS) };
}
