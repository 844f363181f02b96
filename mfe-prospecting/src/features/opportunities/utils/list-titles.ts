import type { ListFilter } from '@app/domain';

/** Each list in the browser tab ('Opportunités · À faire — Prospection'): plain French, not the spec's tab labels. */
export const LIST_TITLES: Record<ListFilter, string> = {
  all: 'Toutes',
  todo: 'À faire',
  waiting: 'En attente',
  win: 'Gagnées',
  loose: 'Perdues',
};
