// The opportunities section of the configuration: renewals and the export's threads
// (docs/decisions/configuration.md, opportunities.md).
import { availableParallelism } from 'node:os';
import { defineSection, integer, variableWithDefault } from '../../config-variables';

export type OpportunitiesConfig = {
  /** Days before a contract's forecast end that its opportunity comes back as TODO (RENEWAL_LEAD_DAYS). */
  renewalLeadDays: number;
  /**
   * Worker threads building a large export side by side on the embedded store (EXPORT_WORKERS,
   * default: the cores, at most 4; 0: the export is built on the main thread).
   */
  exportWorkers: number;
};

export const opportunitiesSection = defineSection(
  {
    RENEWAL_LEAD_DAYS: variableWithDefault(
      integer(0, 3650),
      'doit être un nombre de jours entre 0 et 3650',
      90,
    ),
    EXPORT_WORKERS: variableWithDefault(
      integer(0, 16),
      'doit être un nombre de fils entre 0 et 16',
      Math.min(4, availableParallelism()),
    ),
  },
  (values): OpportunitiesConfig => ({
    renewalLeadDays: values.RENEWAL_LEAD_DAYS,
    exportWorkers: values.EXPORT_WORKERS,
  }),
);
