import {
  LIST_FILTER_LABELS,
  LIST_FILTERS,
  listFilterOfState,
  NEW_OPPORTUNITY_STATE_LABELS,
  OPPORTUNITY_STATE_BUTTON_LABELS,
  OPPORTUNITY_STATE_LABELS,
  OPPORTUNITY_STATES,
  isOpportunityState,
  parseListFilter,
  STATUS_NAMES,
  stateOfListFilter,
} from './opportunity-states';

describe('opportunity states', () => {
  it('are TODO, WAITING, WIN and LOOSE, spelled as the wire spells them', () => {
    expect(OPPORTUNITY_STATES).toEqual(['TODO', 'WAITING', 'WIN', 'LOOSE']);
  });

  it("are labelled 'A faire', 'En attente', 'Gagné' and 'Perdu'", () => {
    expect(OPPORTUNITY_STATE_LABELS).toEqual({
      TODO: 'A faire',
      WAITING: 'En attente',
      WIN: 'Gagné',
      LOOSE: 'Perdu',
    });
  });

  it("show 'A Faire', 'En Attente', 'Gagné' and 'Perdu' on a card's state buttons", () => {
    expect(OPPORTUNITY_STATES.map((state) => OPPORTUNITY_STATE_BUTTON_LABELS[state])).toEqual([
      'A Faire',
      'En Attente',
      'Gagné',
      'Perdu',
    ]);
  });

  it('recognises only the four states', () => {
    expect(isOpportunityState('WAITING')).toBe(true);
    expect(isOpportunityState('LOST')).toBe(false);
    expect(isOpportunityState('todo')).toBe(false);
    expect(isOpportunityState(4)).toBe(false);
  });

  it("in the new-opportunity modal, labels TODO 'En attente' and WIN 'Gagné'", () => {
    expect(NEW_OPPORTUNITY_STATE_LABELS).toEqual({ TODO: 'En attente', WIN: 'Gagné' });
  });
});

describe('list filters', () => {
  it('are all, todo, waiting, loose and win, in the tab order', () => {
    expect(LIST_FILTERS).toEqual(['all', 'todo', 'waiting', 'loose', 'win']);
  });

  it("label the tabs 'Toute Opportunités', 'A faire', 'En attente', 'Perdu', 'Gagné'", () => {
    expect(LIST_FILTERS.map((filter) => LIST_FILTER_LABELS[filter])).toEqual([
      'Toute Opportunités',
      'A faire',
      'En attente',
      'Perdu',
      'Gagné',
    ]);
  });

  it.each(['all', 'todo', 'waiting', 'loose', 'win'])(
    "when the route says '%s', it is that filter",
    (value) => {
      expect(parseListFilter(value)).toBe(value);
    },
  );

  it.each([undefined, '', 'lost', 'TODO', 'Todo', ' all', 'unassigned', 'constructor'])(
    'when the route says %p, it is no filter, so the UI redirects to all',
    (value) => {
      expect(parseListFilter(value)).toBeNull();
    },
  );

  it('maps each filter to the state it lists, and all to every state', () => {
    expect(stateOfListFilter('all')).toBeNull();
    expect(stateOfListFilter('todo')).toBe('TODO');
    expect(stateOfListFilter('waiting')).toBe('WAITING');
    expect(stateOfListFilter('loose')).toBe('LOOSE');
    expect(stateOfListFilter('win')).toBe('WIN');
    expect(OPPORTUNITY_STATES.map(listFilterOfState)).toEqual(['todo', 'waiting', 'win', 'loose']);
  });
});

describe('comment statuses', () => {
  it('are Mail, Appel Abouti, Appel non Abouti, PP and PP Validé', () => {
    expect(STATUS_NAMES).toEqual(['Mail', 'Appel Abouti', 'Appel non Abouti', 'PP', 'PP Validé']);
  });
});
