import type { QueuedChange } from '@app/platform';
import { opportunityView, ORGANISATION_ID, STATUSES } from '../../../test-utils/fixtures';
import { commentChange, contactsChange, stateChange, withPendingChanges } from './day-changes';
import { roundOfTheDay } from './round-of-the-day';

const opportunity = opportunityView();
const target = { organisationId: ORGANISATION_ID, opportunity };

function queued(changes: ReturnType<typeof stateChange>[]): QueuedChange[] {
  return changes.map((change, index) => ({
    ...change,
    seq: index + 1,
    id: `cle-${index}`,
    target: change.target ?? null,
    invalidates: change.invalidates ?? [],
    userId: 'u1',
    queuedAt: 1000 + index,
  }));
}

test('the changes are the detail page’s calls, with the follow-up date only for "En attente"', () => {
  expect(stateChange(target, 'WAITING', 123)).toMatchObject({
    path: '/api/opportunity/setWaiting',
    body: { organisationId: ORGANISATION_ID, opportunityId: opportunity._id, date: 123 },
    label: 'État « En attente » — Boulangerie Dupont',
  });
  expect(stateChange(target, 'LOOSE').body).toEqual({
    organisationId: ORGANISATION_ID,
    opportunityId: opportunity._id,
  });
  expect(commentChange(target, { message: 'Bonjour', statusId: 's' }).path).toBe('/api/messages/post');
  expect(contactsChange(target, {} as never).path).toBe('/api/opportunity/updateProspect');
});

test('waiting changes are applied in their order: the last state wins, comments are added after the others', () => {
  const pending = queued([
    stateChange(target, 'WAITING', 5000),
    commentChange(target, { message: 'Repasser jeudi', statusId: STATUSES[1]?._id ?? '' }),
    stateChange(target, 'WIN'),
    stateChange({ ...target, opportunity: { ...opportunity, _id: 'autre' } }, 'LOOSE'),
  ]);
  const shown = withPendingChanges(opportunity, pending, STATUSES, 'Martin Claire');
  expect(shown.state).toBe('WIN');
  expect(shown.waitingDate).toBe(5000);
  expect(shown.message.at(-1)).toMatchObject({
    text: 'Repasser jeudi',
    statusId: { name: 'Appel Abouti' },
    userId: { username: 'Martin Claire' },
  });
});

test('the round of the day is the most recent one saved today, else the most recent one', () => {
  const now = new Date(2026, 10, 26, 10).getTime();
  const yesterday = { _id: 'a', name: 'Hier', stopCount: 1, updatedAt: now - 86_400_000 };
  const morning = { _id: 'b', name: 'Matin', stopCount: 1, updatedAt: now - 3_600_000 };
  const early = { _id: 'c', name: 'Tôt', stopCount: 1, updatedAt: now - 7_200_000 };
  expect(roundOfTheDay([early, yesterday, morning], now)?._id).toBe('b');
  expect(roundOfTheDay([yesterday], now)?._id).toBe('a');
  expect(roundOfTheDay([], now)).toBeNull();
});
