// /api/opportunity/export/filter: the filtered list as CSV. The sorted keys come from the list
// index; the lines are built in shares side by side by the worker threads (export-pool.ts) on the
// embedded store for long lists, otherwise here (export-share.ts). docs/decisions/opportunities.md, "Export".
import type { ExportFilterData } from '@app/domain';
import type { Actor } from '../../messages/module';
import type { ExportPool } from '../export-pool';
import {
  type ExportBytes,
  exportBytes,
  exportLines,
  exportReply,
  type ExportSources,
  PARALLEL_FROM,
} from '../export-share';
import type { OpportunityDeps } from './context';
import type { ListReads } from './read-lists';

export class ExportFile {
  constructor(
    private readonly deps: Pick<
      OpportunityDeps,
      'repository' | 'gateway' | 'users' | 'now' | 'timeZone' | 'record'
    >,
    private readonly lists: ListReads,
    /** Threads building large exports on the embedded store (absent: built on the main thread). */
    private readonly pool: ExportPool | undefined,
  ) {}

  /**
   * The reply's JSON ({ csvString }) as UTF-8 bytes in pieces, and how many worker threads built it (0:
   * the main thread).
   */
  async reply(actor: Actor, input: ExportFilterData): Promise<{ pieces: Buffer[]; threads: number }> {
    const { state, ...filters } = input.filter;
    const keys = await this.lists.sortedKeys(actor, state);
    const ids = keys.map((key) => key._id);
    const ownerIds = [...new Set(keys.map((key) => key.userId))];
    const sources = await this.sources(ownerIds);
    let parts: ExportBytes[] | null = null;
    if (this.pool && ids.length >= PARALLEL_FROM) {
      const users = ownerIds.map((id) => [id, sources.userOf(id).username] as const);
      parts = await this.pool.lines(actor.organisationId, ids, filters, {
        now: sources.now,
        timeZone: sources.timeZone,
        users,
      });
    }
    const threads = parts?.length ?? 0;
    parts ??= [exportBytes(await exportLines(sources, actor.organisationId, ids, filters))];
    const total = parts.reduce((sum, part) => sum + part.ends.length, 0);
    const rows = Math.max(0, Math.min(total, input.endId) - Math.max(0, input.startId));
    await this.deps.record({
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      kind: 'exported',
      subject: { type: 'export', id: actor.organisationId, label: 'Export des opportunités' },
      details: { Lignes: rows },
    });
    return { pieces: exportReply(parts, input.startId, input.endId), threads };
  }

  /** What the lines are read from, with the names of these owners. */
  private async sources(ownerIds: readonly string[]): Promise<ExportSources> {
    const users = new Map((await this.deps.users([...ownerIds])).map((user) => [user._id, user]));
    return {
      repository: this.deps.repository,
      gateway: this.deps.gateway,
      userOf: (id) => users.get(id) ?? { _id: id, username: '' },
      now: this.deps.now(),
      timeZone: this.deps.timeZone,
    };
  }
}
