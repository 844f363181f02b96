// /api/prospect/*: the spec's calls and the batched import (docs/decisions/prospect-import.md).
import {
  createManualFileSchema,
  excelIdSchema,
  IMPORT_BATCH_BODY_LIMIT,
  type ImportResult,
  importBatchSchema,
  importIdSchema,
  importStartSchema,
  prospectIdSchema,
  prospectImportSchema,
  prospectPageSchema,
  quickImportBatch,
} from '@app/domain';
import { z } from 'zod';
import { acceptsGzip, type ApiRoutes, sendJsonText } from '../../http/api-routes';
import type { OrganisationAccess } from '../../http/organisation-access';
import type { Caller, ProspectImportService } from './import-service';
import type { ProspectPositioning } from './positioning';
import type { RegistryEnrichment } from './registry-enrichment';
import type { ProspectsService } from './service';

const callerOf = (access: OrganisationAccess): Caller => ({
  organisationId: access.organisationId,
  userId: access.userId,
});

export function registerProspectRoutes(
  api: ApiRoutes,
  prospects: ProspectsService,
  imports: ProspectImportService,
  enrichment: RegistryEnrichment,
  positioning: ProspectPositioning,
): void {
  // A file just made ready: its registry enrichment and its positions start in the background
  // (registry-enrichment.ts, positioning.ts).
  const thenEnrich = async (caller: Caller, result: ImportResult): Promise<ImportResult> => {
    if (result.excelId === null) return result;
    await positioning.begin({ organisationId: caller.organisationId, excelId: result.excelId });
    await enrichment.begin({ ...caller, excelId: result.excelId, count: result.summary.imported });
    return result;
  };

  api.post({
    path: '/api/prospect/load',
    access: 'organisation',
    requiresLicence: true,
    body: prospectImportSchema,
    handler: async ({ organisation, input }) =>
      thenEnrich(callerOf(organisation), await imports.load(callerOf(organisation), input)),
  });

  api.post({
    path: '/api/prospect/import/start',
    access: 'organisation',
    requiresLicence: true,
    body: importStartSchema,
    handler: ({ organisation, input }) => imports.start(callerOf(organisation), input),
  });

  api.post({
    path: '/api/prospect/import/rows',
    access: 'organisation',
    requiresLicence: true,
    body: importBatchSchema,
    quickBody: quickImportBatch,
    bodyLimit: IMPORT_BATCH_BODY_LIMIT,
    handler: ({ organisation, input }) => imports.addRows(callerOf(organisation), input),
  });

  api.post({
    path: '/api/prospect/import/finish',
    access: 'organisation',
    requiresLicence: true,
    body: importIdSchema,
    handler: async ({ organisation, input }) =>
      thenEnrich(callerOf(organisation), await imports.finish(callerOf(organisation), input.importId)),
  });

  api.post({
    path: '/api/prospect/import/enrichment',
    access: 'organisation',
    requiresLicence: true,
    body: excelIdSchema,
    handler: ({ organisation, input }) => enrichment.report(callerOf(organisation), input.excelId),
  });

  api.post({
    path: '/api/prospect/import/abort',
    access: 'organisation',
    requiresLicence: true,
    body: importIdSchema,
    handler: ({ organisation, input }) => imports.abort(callerOf(organisation), input.importId),
  });

  api.post({
    path: '/api/prospect/createManual',
    access: 'organisation',
    requiresLicence: true,
    body: createManualFileSchema,
    handler: ({ organisation, input }) => prospects.createManual(callerOf(organisation), input),
  });

  api.post({
    path: '/api/prospect/get/all',
    access: 'organisation',
    requiresLicence: true,
    body: z.object({}),
    handler: ({ organisation }) => prospects.list(callerOf(organisation)),
  });

  api.post({
    path: '/api/prospect/get/excel/one',
    access: 'organisation',
    requiresLicence: true,
    body: excelIdSchema,
    handler: ({ organisation, input }) => prospects.one(callerOf(organisation), input.excelId),
  });

  api.post({
    path: '/api/prospect/get/value',
    access: 'organisation',
    requiresLicence: true,
    body: prospectPageSchema,
    // Written from the prospects' stored JSON texts (service.ts, pageJson): the same bytes as the JSON
    // of page(), without parsing 500 documents and writing them again.
    handler: async ({ organisation, input, req, res }) => {
      sendJsonText(res, await prospects.pageJson(callerOf(organisation), input, acceptsGzip(req)));
      return undefined;
    },
  });

  api.post({
    path: '/api/prospect/setLatLng',
    access: 'organisation',
    requiresLicence: true,
    body: prospectIdSchema,
    handler: ({ organisation, input }) => prospects.setLatLng(callerOf(organisation), input.prospectId),
  });
}
