import { messageView, opportunityView } from '../../../test-utils/list-fixtures';
import { withPostedMessage } from './with-posted-message';

test('without a posted comment, the opportunity is the server’s, untouched', () => {
  const opportunity = opportunityView(1, { message: [messageView(1)] });
  expect(withPostedMessage(opportunity)).toBe(opportunity);
});

test('the comment posted with WAITING comes first and the card keeps its last three messages', () => {
  const opportunity = opportunityView(1, { message: [messageView(3), messageView(2), messageView(1)] });
  const posted = messageView(4, { text: 'Devis envoyé' });
  expect(withPostedMessage(opportunity, posted).message.map((message) => message.text)).toEqual([
    'Devis envoyé',
    'Message 3',
    'Message 2',
  ]);
});

test('a comment the server already returned is not shown twice', () => {
  const posted = messageView(2);
  const opportunity = opportunityView(1, { message: [posted, messageView(1)] });
  expect(withPostedMessage(opportunity, posted).message).toEqual([posted, messageView(1)]);
});
