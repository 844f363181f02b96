import { firstErrorMessage } from './errors';
import { defaultWaitingDate } from '../opportunity-states';
import { waitingDateSchema } from './waiting-date';

describe('waitingDateSchema', () => {
  it.each([undefined, null, '', Number.NaN])(
    "when the date is %p, it says 'Veuillez renseigner une date'",
    (date) => {
      expect(firstErrorMessage(waitingDateSchema, { date })).toBe('Veuillez renseigner une date');
    },
  );

  it('accepts a date as epoch milliseconds', () => {
    const date = new Date(2024, 5, 1, 14, 30).getTime();
    expect(waitingDateSchema.parse({ date })).toEqual({ date });
  });

  it('refuses a date written as text, or out of range', () => {
    expect(firstErrorMessage(waitingDateSchema, { date: '2024-06-01T14:30' })).toBe(
      'Valeur invalide pour le champ date',
    );
    expect(firstErrorMessage(waitingDateSchema, { date: -1 })).toBe('Date invalide');
    expect(firstErrorMessage(waitingDateSchema, { date: 1.5 })).toBe('Date invalide');
    expect(firstErrorMessage(waitingDateSchema, { date: 9e15 })).toBe('Date invalide');
  });

  it('defaults to now plus 2 hours', () => {
    expect(defaultWaitingDate(1_000)).toBe(1_000 + 2 * 60 * 60 * 1000);
  });
});
