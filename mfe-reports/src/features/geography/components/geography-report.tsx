import type { GeographyLine } from '@app/domain';
import { ReportLayout } from '../../../components/report-layout';
import { ReportState } from '../../../components/report-state';
import { type Column, SortableTable } from '../../../components/sortable-table';
import { useReport } from '../../../hooks/use-report';
import { useReportFilters } from '../../../hooks/use-report-filters';
import { formatCount, formatRate } from '../../../utils/format';
import { getGeographyReport } from '../api/get-geography-report';

function columns(label: string): readonly Column<GeographyLine>[] {
  return [
    { key: 'label', label, value: (line) => line.label },
    {
      key: 'taken',
      label: 'Prises',
      value: (line) => line.taken,
      render: (line) => formatCount(line.taken),
      numeric: true,
    },
    {
      key: 'win',
      label: 'Gagnées',
      value: (line) => line.win,
      render: (line) => formatCount(line.win),
      numeric: true,
    },
    {
      key: 'loose',
      label: 'Perdues',
      value: (line) => line.loose,
      render: (line) => formatCount(line.loose),
      numeric: true,
    },
    {
      key: 'conversion',
      label: 'Conversion',
      value: (line) => line.conversion,
      render: (line) => formatRate(line.conversion),
      numeric: true,
    },
  ];
}

const TABLES = [
  ['departements', 'Département', 'Par département', 'rapport-departements'],
  ['regions', 'Région', 'Par région', 'rapport-regions'],
  ['activities', 'Activité (libellé NAF)', 'Par activité', 'rapport-activites'],
] as const;

/** By département, région and activity: the prospects taken and what became of them. */
export function GeographyReport() {
  const { filters, setFilters, search } = useReportFilters();
  const report = useReport('report/geography', getGeographyReport, filters);
  const reply = report.data;
  return (
    <ReportLayout
      page="Territoires et activités"
      filters={filters}
      onFiltersChange={setFilters}
      search={search}
    >
      <p className="reports-muted">
        Prospects pris en opportunité pendant la période, et ce qu’ils sont devenus.
      </p>
      <ReportState loading={report.loading} failed={!reply && Boolean(report.error)}>
        {reply &&
          TABLES.map(([key, label, caption, fileName]) => (
            <section key={key} className="reports-section" aria-label={caption}>
              <SortableTable
                caption={caption}
                columns={columns(label)}
                rows={reply[key]}
                rowKey={(line) => line.label}
                fileName={fileName}
              />
            </section>
          ))}
      </ReportState>
    </ReportLayout>
  );
}
