import type { FilterKind, ListFilter, OpportunityWindow } from '@app/domain';
import { apiPost } from '@app/platform';
import type { SortDirection } from '../../../utils/sort-items';

export type ListWindowInput = {
  organisationId: string;
  filter: { state: ListFilter; search?: string } & Partial<Record<FilterKind, string[]>>;
  sort: SortDirection;
  /** Positions [startId, endId) of the list as searched, filtered and sorted by the server. */
  startId: number;
  endId: number;
  /** With every option's live count and the whole list's options. */
  facets?: boolean;
  /** The tag of the options held (`optionsTag` of an earlier answer): the answer leaves them out. */
  optionsKnown?: string;
};

/** A window of a list searched, filtered and sorted on the server, with its length. */
export function listWindow(input: ListWindowInput): Promise<OpportunityWindow> {
  return apiPost<OpportunityWindow>('/api/opportunity/listWindow', input);
}
