import {
  REPORT_GRANULARITIES,
  REPORT_GRANULARITY_LABELS,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  type ReportFilters,
} from '@app/domain';
import { Select } from '@app/platform';
import { useReportChoices } from '../hooks/use-report-choices';
import type { FilterPatch } from '../hooks/use-report-filters';

export type FilterBarProps = {
  filters: ReportFilters;
  onChange: (patch: FilterPatch) => void;
  /** The pages that cut time into buckets offer a choice of day, week or month. */
  withGranularity?: boolean;
};

/** Period, salesperson and file, for every report page; kept in the URL by the page. */
export function FilterBar({ filters, onChange, withGranularity = false }: FilterBarProps) {
  const choices = useReportChoices();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <form
      className="reports-filters"
      aria-label="Filtres du rapport"
      onSubmit={(event) => event.preventDefault()}
    >
      <Select
        label="Période"
        value={filters.period}
        options={REPORT_PERIODS.map((period) => ({ value: period, label: REPORT_PERIOD_LABELS[period] }))}
        onChange={(period) =>
          onChange(
            period === 'custom'
              ? { period, from: filters.from ?? today, to: filters.to ?? today }
              : { period, from: undefined, to: undefined },
          )
        }
      />
      {filters.period === 'custom' && (
        <>
          <div className="ui-field">
            <label htmlFor="reports-from">Du</label>
            <input
              id="reports-from"
              type="date"
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(event) => event.target.value && onChange({ from: event.target.value })}
            />
          </div>
          <div className="ui-field">
            <label htmlFor="reports-to">Au</label>
            <input
              id="reports-to"
              type="date"
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(event) => event.target.value && onChange({ to: event.target.value })}
            />
          </div>
        </>
      )}
      <Select
        label="Commercial"
        value={filters.userId ?? ''}
        options={[
          { value: '', label: 'Tous les commerciaux' },
          ...(choices.data?.salespeople ?? []).map((person) => ({
            value: person.userId,
            label: person.username,
          })),
        ]}
        onChange={(userId) => onChange({ userId })}
      />
      <Select
        label="Fichier de prospects"
        value={filters.excelId ?? ''}
        options={[
          { value: '', label: 'Tous les fichiers' },
          ...(choices.data?.files ?? []).map((file) => ({ value: file.excelId, label: file.name })),
        ]}
        onChange={(excelId) => onChange({ excelId })}
      />
      {withGranularity && (
        <Select
          label="Regroupement"
          value={filters.granularity ?? ''}
          options={[
            { value: '', label: 'Automatique' },
            ...REPORT_GRANULARITIES.map((granularity) => ({
              value: granularity,
              label: REPORT_GRANULARITY_LABELS[granularity],
            })),
          ]}
          onChange={(granularity) => onChange({ granularity })}
        />
      )}
    </form>
  );
}
