import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditCursor, AuditFilters, AuditRecordView } from '@app/domain';
import { ignoreHandledFailure } from '@app/platform';
import { listAudit } from '../api/list-audit';

/** Records asked per call: a few screens of cards ahead of the one shown. */
export const AUDIT_SCREEN_PAGE = 100;

export type AuditPages = {
  records: readonly AuditRecordView[];
  /** Neither the first page nor a failure yet. */
  loading: boolean;
  /** More records exist after the last one loaded. */
  hasMore: boolean;
  /** Asks for the next page (once: a call on its way is not repeated). */
  loadMore: () => void;
};

/**
 * The audit log read page after page, newest first: each page starts after the last record loaded
 * (the server's keyset cursor), so the thousandth page comes as fast as the first. A change of
 * filters starts again from the newest; an answer to older filters is dropped. Not kept in the query
 * cache: a growing list of pages is this screen's own state (docs/decisions/audit-log.md).
 */
type Loaded = {
  /** The organisation and filters these records answer. */
  key: string;
  records: AuditRecordView[];
  next: AuditCursor | null;
  settled: boolean;
};

export function useAuditPages(organisationId: string | null, filters: AuditFilters): AuditPages {
  const { userId, kind, from, to } = filters;
  const key = JSON.stringify([organisationId, userId, kind, from, to]);
  const [loaded, setLoaded] = useState<Loaded>({ key: '', records: [], next: null, settled: false });
  const run = useRef(0);
  const pending = useRef(false);
  // Records of other filters are never shown: until the first page comes, the list is empty.
  const current: Loaded = loaded.key === key ? loaded : { key, records: [], next: null, settled: false };

  /** Asks the page after `after` (the first page when null); its answer goes to the list if still wanted. */
  const fetchPage = useCallback(
    (after: AuditCursor | null, turn: number) => {
      if (!organisationId) return;
      pending.current = true;
      listAudit({
        organisationId,
        ...(userId ? { userId } : {}),
        ...(kind ? { kind } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        ...(after ? { after } : {}),
        limit: AUDIT_SCREEN_PAGE,
      })
        .then(
          (reply) => {
            if (run.current !== turn) return;
            setLoaded((previous) => ({
              key,
              records:
                after && previous.key === key ? [...previous.records, ...reply.records] : reply.records,
              next: reply.next,
              settled: true,
            }));
          },
          (failure: unknown) => {
            if (run.current === turn)
              setLoaded((previous) => ({
                key,
                records: previous.key === key ? previous.records : [],
                next: null,
                settled: true,
              }));
            ignoreHandledFailure(failure);
          },
        )
        .finally(() => {
          if (run.current === turn) pending.current = false;
        });
    },
    [organisationId, userId, kind, from, to, key],
  );

  useEffect(() => {
    run.current += 1;
    fetchPage(null, run.current);
  }, [fetchPage]);

  const { next } = current;
  const loadMore = useCallback(() => {
    if (pending.current || !next) return;
    fetchPage(next, run.current);
  }, [fetchPage, next]);

  return { records: current.records, loading: !current.settled, hasMore: next !== null, loadMore };
}
