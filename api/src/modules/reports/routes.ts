// /api/report/*: the reports, bit 262144 "Voir les rapports" (route-permissions.ts), licence gate as
// the prospecting calls. Each call takes the same filters (domain's reportFiltersSchema).
import { type ReportFilters, reportChoicesSchema, reportFiltersSchema } from '@app/domain';
import type { Response } from 'express';
import type { ApiRoutes } from '../../http/api-routes';
import type { Actor } from '../messages/module';
import type { ReportsService } from './service';

/** The work's reply, with the time it took in Server-Timing (bench/reports.mjs's "server time"). */
async function timed<T>(res: Response, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const reply = await work();
  res.setHeader('Server-Timing', `report;dur=${(performance.now() - started).toFixed(1)}`);
  return reply;
}

export function registerReportRoutes(api: ApiRoutes, reports: ReportsService): void {
  api.post({
    path: '/api/report/filters',
    access: 'organisation',
    requiresLicence: true,
    body: reportChoicesSchema,
    handler: ({ organisation, res }) =>
      timed(res, () =>
        reports.choices({
          organisationId: organisation.organisationId,
          userId: organisation.userId,
          mask: organisation.mask,
        }),
      ),
  });
  const calls: Record<string, (actor: Actor, filters: ReportFilters) => Promise<unknown>> = {
    '/api/report/files': (actor, filters) => reports.files(actor, filters),
    '/api/report/salespeople': (actor, filters) => reports.salespeople(actor, filters),
    '/api/report/timeline': (actor, filters) => reports.timeline(actor, filters),
    '/api/report/geography': (actor, filters) => reports.geography(actor, filters),
  };
  for (const [path, report] of Object.entries(calls))
    api.post({
      path,
      access: 'organisation',
      requiresLicence: true,
      body: reportFiltersSchema,
      handler: ({ organisation, input, res }) =>
        timed(res, () =>
          report(
            {
              organisationId: organisation.organisationId,
              userId: organisation.userId,
              mask: organisation.mask,
            },
            input,
          ),
        ),
    });
}
