// /api/opportunity/*: the calls of the issue 9 contract (docs/decisions/opportunities.md).
import {
  addOpportunitySchema,
  assignOpportunitySchema,
  exportFilterSchema,
  listWindowSchema,
  opportunityChangeSchema,
  opportunityIdSchema,
  opportunityListSchema,
  prospectIdSchema,
  setWaitingSchema,
  unassignedPageSchema,
  updateContractualSchema,
  updateProspectSchema,
} from '@app/domain';
import { z } from 'zod';
import { acceptsGzip, type ApiRoutes, sendJsonText } from '../../http/api-routes';
import type { MessageLog } from '../messages/module';
import type { StateChanges } from './use-cases/change-state';
import type { OpportunityCreation } from './use-cases/create';
import type { OpportunityDetail } from './use-cases/detail';
import type { OpportunityEdits } from './use-cases/edits';
import type { ExportFile } from './use-cases/export-file';
import type { ListReads } from './use-cases/read-lists';
import type { UnassignedPool } from './use-cases/unassigned-pool';

/** The use cases the calls reach (module.ts builds them). */
export type OpportunityUseCases = {
  lists: ListReads;
  detail: OpportunityDetail;
  changes: StateChanges;
  edits: OpportunityEdits;
  creation: OpportunityCreation;
  pool: UnassignedPool;
  exports: ExportFile;
  statuses: Pick<MessageLog, 'statusViews'>;
};

export function registerOpportunityRoutes(
  api: ApiRoutes,
  { lists, detail, changes, edits, creation, pool, exports, statuses }: OpportunityUseCases,
): void {
  api.post({
    path: '/api/opportunity/create',
    access: 'organisation',
    requiresLicence: true,
    body: prospectIdSchema,
    handler: ({ organisation, input }) => creation.createFromProspect(organisation, input.prospectId),
  });

  api.post({
    path: '/api/opportunity/addone',
    access: 'organisation',
    requiresLicence: true,
    body: addOpportunitySchema,
    handler: ({ organisation, input }) => creation.addOne(organisation, input.data),
  });

  api.post({
    path: '/api/opportunity/getAllCount',
    access: 'organisation',
    requiresLicence: true,
    body: z.object({}),
    handler: ({ organisation }) => lists.counts(organisation),
  });

  api.post({
    path: '/api/opportunity/getwithfilter',
    access: 'organisation',
    requiresLicence: true,
    body: opportunityListSchema,
    // Assembled as JSON text from the cached cards (cached-cards.ts), or kept whole with its gzip
    // (page-replies.ts): sent as is, without the ETag Express would hash over 350 kB for a POST.
    handler: async ({ organisation, input, req, res }) => {
      const reply = await lists.page(organisation, input);
      sendJsonText(
        res,
        reply.gzip && acceptsGzip(req)
          ? { bytes: await reply.gzip(), gzip: true }
          : { bytes: reply.json, gzip: false },
      );
      return undefined;
    },
  });

  api.post({
    path: '/api/opportunity/listWindow',
    access: 'organisation',
    requiresLicence: true,
    body: listWindowSchema,
    // Assembled as JSON text from the cached cards, like getwithfilter; compressed on the way out.
    handler: async ({ organisation, input, res }) => {
      const started = performance.now();
      const timings = new Map<string, number>();
      const json = await lists.window(organisation, input, timings);
      // The server's share of the call and its steps, for the browser's timings
      // (bench/opportunities-browser.mjs).
      const steps = [...timings].map(([name, ms]) => `, ${name};dur=${ms.toFixed(1)}`).join('');
      res.setHeader('Server-Timing', `window;dur=${(performance.now() - started).toFixed(1)}${steps}`);
      res.status(200).type('application/json').end(json);
      return undefined;
    },
  });

  api.post({
    path: '/api/opportunity/get',
    access: 'organisation',
    requiresLicence: true,
    body: opportunityIdSchema,
    handler: ({ organisation, input }) => detail.get(organisation, input.opportunityId),
  });

  for (const [path, state] of [
    ['/api/opportunity/setTodo', 'TODO'],
    ['/api/opportunity/setWin', 'WIN'],
    ['/api/opportunity/setLoose', 'LOOSE'],
  ] as const) {
    api.post({
      path,
      access: 'organisation',
      requiresLicence: true,
      body: opportunityChangeSchema,
      handler: ({ organisation, input }) =>
        changes.setState(organisation, input.opportunityId, state, undefined, input.version),
    });
  }

  api.post({
    path: '/api/opportunity/setWaiting',
    access: 'organisation',
    requiresLicence: true,
    body: setWaitingSchema,
    handler: ({ organisation, input }) =>
      changes.setState(organisation, input.opportunityId, 'WAITING', input.date, input.version),
  });

  api.post({
    path: '/api/opportunity/updateContractuelle',
    access: 'organisation',
    requiresLicence: true,
    body: updateContractualSchema,
    handler: ({ organisation, input }) =>
      edits.updateContractual(organisation, input.opportunityId, input.data, input.version),
  });

  api.post({
    path: '/api/opportunity/updateProspect',
    access: 'organisation',
    requiresLicence: true,
    body: updateProspectSchema,
    handler: ({ organisation, input }) =>
      edits.updateProspect(organisation, input.opportunityId, input.data, input.version),
  });

  api.post({
    path: '/api/opportunity/status',
    access: 'organisation',
    requiresLicence: true,
    body: z.object({}),
    handler: ({ organisation }) => statuses.statusViews(organisation.organisationId),
  });

  api.post({
    path: '/api/opportunity/export/filter',
    access: 'organisation',
    requiresLicence: true,
    body: exportFilterSchema,
    handler: async ({ organisation, input, res }) => {
      const started = performance.now();
      const { pieces, threads } = await exports.reply(organisation, input);
      // How long the server took to build the file, and with how many worker threads (the benchmark
      // and export-threads.test.ts read it; issue 9's "server time").
      res.setHeader(
        'Server-Timing',
        `export;dur=${Math.round(performance.now() - started)};desc="threads=${threads}"`,
      );
      // Tens of megabytes for 100,000 lines: sent piece by piece as built (export-share.ts,
      // exportReply), without the ETag Express would hash over the whole body for a POST no cache can
      // reuse.
      res.status(200).type('application/json');
      for (const piece of pieces) res.write(piece);
      res.end();
      return undefined;
    },
  });

  api.post({
    path: '/api/opportunity/unassigned',
    access: 'organisation',
    requiresLicence: true,
    body: unassignedPageSchema,
    handler: ({ organisation, input }) => pool.page(organisation, input),
  });

  api.post({
    path: '/api/opportunity/takeNext',
    access: 'organisation',
    requiresLicence: true,
    body: z.object({}),
    handler: ({ organisation }) => pool.takeNext(organisation),
  });

  api.post({
    path: '/api/opportunity/assign',
    access: 'organisation',
    requiresLicence: true,
    body: assignOpportunitySchema,
    handler: ({ organisation, input }) =>
      changes.assign(organisation, input.opportunityId, input.userId, input.version),
  });
}
