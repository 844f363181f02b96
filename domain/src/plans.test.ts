import {
  BILLING_LABELS,
  formatEuros,
  isPlanCode,
  PLAN_CODES,
  planOf,
  planPrice,
  PLANS,
  yearlyTotal,
} from './plans';

describe('plans', () => {
  it('are coded 1 Individual, 2 Manager, 4 Enterprise', () => {
    expect(PLAN_CODES).toEqual([1, 2, 4]);
    expect(PLANS.map((plan) => [plan.code, plan.name])).toEqual([
      [1, 'Individual'],
      [2, 'Manager'],
      [4, 'Enterprise'],
    ]);
  });

  it("label the toggle 'Au mois' and 'A l'année'", () => {
    expect(BILLING_LABELS).toEqual({ monthly: 'Au mois', yearly: "A l'année" });
  });

  it.each([
    [1, 1490, 1990],
    [2, 1990, 2590],
    [4, 3000, 3690],
  ] as const)(
    'plan %d costs %d cents per user per month billed yearly, %d billed monthly',
    (code, yearly, monthly) => {
      expect(planPrice(code, 'yearly')).toBe(yearly);
      expect(planPrice(code, 'monthly')).toBe(monthly);
    },
  );

  it('always costs less per month when billed yearly', () => {
    for (const code of PLAN_CODES) expect(planPrice(code, 'yearly')).toBeLessThan(planPrice(code, 'monthly'));
  });

  it.each([
    [1, 17880],
    [2, 23880],
    [4, 36000],
  ] as const)('plan %d bills 12 times the yearly price shown: %d cents', (code, total) => {
    expect(yearlyTotal(code)).toBe(total);
  });

  it('recognises only the three plan codes', () => {
    expect([0, 1, 2, 3, 4, 8, '1'].map(isPlanCode)).toEqual([false, true, true, false, true, false, false]);
  });

  it('refuses an unknown plan code loudly', () => {
    expect(() => planOf(3 as 1)).toThrow('Offre inconnue : 3');
  });
});

describe('formatEuros', () => {
  it.each([
    [1490, '14,90 €'],
    [3000, '30,00 €'],
    [17880, '178,80 €'],
    [5, '0,05 €'],
    [123456789, '1 234 567,89 €'],
    [-250, '-2,50 €'],
  ])('writes %d cents as %s', (cents, text) => {
    expect(formatEuros(cents)).toBe(text);
  });
});
