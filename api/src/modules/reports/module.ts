// The reports component for the composition root (issue 22): it owns no collection; it reads figures
// through the ports the opportunities, messages and prospects components export (reports ⇢ them).
import type { ApiRoutes } from '../../http/api-routes';
import { registerReportRoutes } from './routes';
import { type ReportSources, ReportsService } from './service';

export type { ReportSources } from './service';

export type ReportsModuleDeps = { sources: ReportSources; now: () => number; timeZone: string };

export type ReportsModule = { registerRoutes(api: ApiRoutes): void };

export function createReportsModule(deps: ReportsModuleDeps): ReportsModule {
  const reports = new ReportsService(deps);
  return { registerRoutes: (api) => registerReportRoutes(api, reports) };
}
