import type { FileReportLine } from '@app/domain';
import { useMemo } from 'react';
import { BarChart, usePreloadedChart } from '../../../components/bar-chart';
import { ReportLayout } from '../../../components/report-layout';
import { ReportState } from '../../../components/report-state';
import { type Column, SortableTable } from '../../../components/sortable-table';
import { useReport } from '../../../hooks/use-report';
import { useReportFilters } from '../../../hooks/use-report-filters';
import { formatCount, formatDelay, formatRate } from '../../../utils/format';
import { getFilesReport } from '../api/get-files-report';

const count = (key: keyof FileReportLine, label: string): Column<FileReportLine> => ({
  key,
  label,
  value: (line) => line[key] as number,
  render: (line) => formatCount(line[key] as number),
  numeric: true,
});

export const FILE_COLUMNS: readonly Column<FileReportLine>[] = [
  { key: 'name', label: 'Fichier', value: (line) => line.name },
  count('imported', 'Lignes importées'),
  count('taken', 'Prises en opportunité'),
  count('reached', 'Jointes (1 commentaire ou plus)'),
  count('waiting', 'En attente'),
  count('win', 'Gagnées'),
  count('loose', 'Perdues'),
  {
    key: 'conversion',
    label: 'Conversion (gagnées / prises)',
    value: (line) => line.conversion,
    render: (line) => formatRate(line.conversion),
    numeric: true,
  },
  {
    key: 'medianToFirstComment',
    label: 'Délai médian jusqu’au 1er commentaire',
    value: (line) => line.medianToFirstComment,
    render: (line) => formatDelay(line.medianToFirstComment),
    numeric: true,
  },
  {
    key: 'medianToWin',
    label: 'Délai médian jusqu’au gain',
    value: (line) => line.medianToWin,
    render: (line) => formatDelay(line.medianToWin),
    numeric: true,
  },
];

const FUNNEL = [
  ['imported', 'Importées'],
  ['taken', 'Prises'],
  ['reached', 'Jointes'],
  ['win', 'Gagnées'],
] as const;

/** Per prospect file: what each list turned into, as a table and a funnel. */
export function FilesReport() {
  const { filters, setFilters, search } = useReportFilters();
  usePreloadedChart();
  const report = useReport('report/files', getFilesReport, filters);
  const files = report.data?.files;
  const funnel = useMemo(
    () => ({
      labels: FUNNEL.map(([, label]) => label),
      series: [
        {
          label: 'Prospects',
          values: FUNNEL.map(([key]) => (files ?? []).reduce((total, line) => total + line[key], 0)),
        },
      ],
    }),
    [files],
  );
  return (
    <ReportLayout page="Fichiers de prospects" filters={filters} onFiltersChange={setFilters} search={search}>
      <ReportState loading={report.loading} failed={!files && Boolean(report.error)}>
        {files && (
          <>
            <section className="reports-section" aria-label="Entonnoir">
              <BarChart
                title="Entonnoir des fichiers"
                labels={funnel.labels}
                series={funnel.series}
                horizontal
              />
            </section>
            <section className="reports-section" aria-label="Détail par fichier">
              <SortableTable
                caption="Conversion par fichier de prospects"
                columns={FILE_COLUMNS}
                rows={files}
                rowKey={(line) => line.excelId}
                fileName="rapport-fichiers"
              />
            </section>
          </>
        )}
      </ReportState>
    </ReportLayout>
  );
}
