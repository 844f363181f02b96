import { useMemo } from 'react';
import { BarChart, usePreloadedChart } from '../../../components/bar-chart';
import { ReportLayout } from '../../../components/report-layout';
import { ReportState } from '../../../components/report-state';
import { type Column, SortableTable } from '../../../components/sortable-table';
import { useReport } from '../../../hooks/use-report';
import { useReportFilters } from '../../../hooks/use-report-filters';
import { formatIsoDay } from '../../../utils/format';
import { getTimelineReport } from '../api/get-timeline-report';

type ClosedLine = { start: string; win: number; loose: number };
type DueLine = { start: string; due: number };

const CLOSED_COLUMNS: readonly Column<ClosedLine>[] = [
  {
    key: 'start',
    label: 'Période du',
    value: (line) => line.start,
    render: (line) => formatIsoDay(line.start),
  },
  { key: 'win', label: 'Gagnées', value: (line) => line.win, numeric: true },
  { key: 'loose', label: 'Perdues', value: (line) => line.loose, numeric: true },
];

const DUE_COLUMNS: readonly Column<DueLine>[] = [
  {
    key: 'start',
    label: 'Semaine du',
    value: (line) => line.start,
    render: (line) => formatIsoDay(line.start),
  },
  { key: 'due', label: 'Relances prévues', value: (line) => line.due, numeric: true },
];

/** Over time: WIN and LOOSE per week or month, and the follow-ups of the coming weeks. */
export function TimelineReport() {
  const { filters, setFilters, search } = useReportFilters();
  usePreloadedChart();
  const report = useReport('report/timeline', getTimelineReport, filters);
  const reply = report.data;
  const closed = useMemo(
    () => ({
      labels: (reply?.closed ?? []).map((line) => formatIsoDay(line.start)),
      series: [
        { label: 'Gagnées', values: (reply?.closed ?? []).map((line) => line.win) },
        { label: 'Perdues', values: (reply?.closed ?? []).map((line) => line.loose) },
      ],
    }),
    [reply],
  );
  const due = useMemo(
    () => ({
      labels: (reply?.followUps ?? []).map((line) => formatIsoDay(line.start)),
      series: [{ label: 'Relances prévues', values: (reply?.followUps ?? []).map((line) => line.due) }],
    }),
    [reply],
  );
  return (
    <ReportLayout
      page="Évolution"
      filters={filters}
      onFiltersChange={setFilters}
      search={search}
      withGranularity
    >
      <ReportState loading={report.loading} failed={!reply && Boolean(report.error)}>
        {reply && (
          <>
            <section className="reports-section" aria-label="Gagnées et perdues">
              <h2>Gagnées et perdues</h2>
              <BarChart
                title="Opportunités gagnées et perdues"
                labels={closed.labels}
                series={closed.series}
              />
              <SortableTable
                caption="Opportunités gagnées et perdues par période"
                columns={CLOSED_COLUMNS}
                rows={reply.closed}
                rowKey={(line) => line.start}
                fileName="rapport-evolution"
              />
            </section>
            <section className="reports-section" aria-label="Relances à venir">
              <h2>Relances à venir</h2>
              <BarChart title="Relances prévues par semaine" labels={due.labels} series={due.series} />
              <SortableTable
                caption="Relances prévues par semaine"
                columns={DUE_COLUMNS}
                rows={reply.followUps}
                rowKey={(line) => line.start}
                fileName="rapport-relances"
              />
            </section>
          </>
        )}
      </ReportState>
    </ReportLayout>
  );
}
