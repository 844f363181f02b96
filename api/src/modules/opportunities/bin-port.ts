// What the bin (api/src/modules/bin) may do with opportunities: find one the caller may delete,
// take documents out and put them back, and tell the lists kept in memory (list-index.ts) which
// opportunities came or went, as every write here does. Store calls only: it runs inside the bin's
// transaction (write-transactions.md).
import type { Actor } from '../messages/module';
import { KEY_CHUNK, type OpportunitiesRepository, type OpportunityDoc } from './repository';
import { scopeOf, visibleOpportunity } from './use-cases/context';

const ID_SLICE = 500;

export type OpportunityBinPort = {
  /** One the caller may see (their own, or everyone's but others' private files with seesAll); 404 otherwise. */
  visible(actor: Actor, opportunityId: string): Promise<OpportunityDoc>;
  /** Whether the caller's role sees every member's opportunities. */
  seesAll(actor: Actor): boolean;
  /** Every opportunity made from a file's prospects. */
  ofFile(organisationId: string, excelId: string): Promise<OpportunityDoc[]>;
  ofProspects(organisationId: string, prospectIds: readonly string[]): Promise<OpportunityDoc[]>;
  /** Which of these ids are live opportunities. */
  liveIds(organisationId: string, ids: readonly string[]): Promise<Set<string>>;
  remove(organisationId: string, ids: readonly string[]): Promise<void>;
  insert(docs: readonly OpportunityDoc[]): Promise<void>;
  /** After removing or inserting: the lists, counts and cards of every process read them again. */
  changed(organisationId: string, ids: readonly string[]): Promise<void>;
};

export function createOpportunityBinPort(repository: OpportunitiesRepository): OpportunityBinPort {
  const { opportunities } = repository;
  const slices = <T>(ids: readonly T[]) => {
    const out: T[][] = [];
    for (let first = 0; first < ids.length; first += ID_SLICE) out.push(ids.slice(first, first + ID_SLICE));
    return out;
  };
  return {
    visible: (actor, opportunityId) => visibleOpportunity({ repository }, actor, opportunityId),
    seesAll: (actor) => scopeOf(actor).seesAll,
    ofFile: (organisationId, excelId) => opportunities.find({ organisationId, excelId }),
    async ofProspects(organisationId, prospectIds) {
      const found: OpportunityDoc[] = [];
      for (const slice of slices(prospectIds))
        found.push(...(await opportunities.find({ organisationId, prospectId: { $in: slice } })));
      return found;
    },
    async liveIds(organisationId, ids) {
      const live = new Set<string>();
      for (const slice of slices(ids))
        for (const doc of await opportunities.find(
          { organisationId, _id: { $in: slice } },
          { projection: { _id: 1 } },
        ))
          live.add(doc._id);
      return live;
    },
    async remove(organisationId, ids) {
      for (const slice of slices(ids))
        await opportunities.deleteMany({ organisationId, _id: { $in: slice } });
    },
    async insert(docs) {
      for (const slice of slices(docs)) await opportunities.insertMany(slice);
    },
    // A list version not made yet means nobody keeps this organisation's lists: nothing to tell.
    // Beyond a chunk the lists are read again whole anyway (list-index.ts, caughtUp): no long record.
    changed: (organisationId, ids) =>
      ids.length === 0
        ? Promise.resolve()
        : repository.recordChange(organisationId, ids.length > KEY_CHUNK ? null : ids),
  };
}
