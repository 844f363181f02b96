import type { SalespersonReportLine, SalespersonReportReply } from '@app/domain';
import { useMemo } from 'react';
import { BarChart, usePreloadedChart } from '../../../components/bar-chart';
import { ReportLayout } from '../../../components/report-layout';
import { ReportState } from '../../../components/report-state';
import { type Column, SortableTable } from '../../../components/sortable-table';
import { useReport } from '../../../hooks/use-report';
import { useReportFilters } from '../../../hooks/use-report-filters';
import { formatCount, formatIsoDay } from '../../../utils/format';
import { getSalespeopleReport } from '../api/get-salespeople-report';

const number = (
  key: string,
  label: string,
  value: (line: SalespersonReportLine) => number,
): Column<SalespersonReportLine> => ({
  key,
  label,
  value,
  render: (line) => formatCount(value(line)),
  numeric: true,
});

export const SALESPERSON_COLUMNS: readonly Column<SalespersonReportLine>[] = [
  { key: 'username', label: 'Commercial', value: (line) => line.username },
  number('todo', 'À faire', (line) => line.held.TODO),
  number('waiting', 'En attente', (line) => line.held.WAITING),
  number('win', 'Gagnées (détenues)', (line) => line.held.WIN),
  number('loose', 'Perdues (détenues)', (line) => line.held.LOOSE),
  number('winInPeriod', 'Gagnées sur la période', (line) => line.winInPeriod),
  number('looseInPeriod', 'Perdues sur la période', (line) => line.looseInPeriod),
  number('overdue', 'Relances en retard', (line) => line.overdueFollowUps),
  number('comments', 'Commentaires sur la période', (line) => line.comments),
];

type BucketLine = { start: string } & Record<string, number | string>;

/** Comments per bucket and status, summed over the salespeople shown. */
function commentLines(reply: SalespersonReportReply): BucketLine[] {
  return reply.comments.map((bucket) => {
    const line: BucketLine = { start: bucket.start, total: 0 };
    for (const status of reply.statuses) line[status] = 0;
    for (const item of bucket.counts) {
      line[item.status] = (line[item.status] as number) + item.count;
      line.total = (line.total as number) + item.count;
    }
    return line;
  });
}

/** Per salesperson: what they hold, what they closed, their late follow-ups and their comments. */
export function SalespeopleReport() {
  const { filters, setFilters, search } = useReportFilters();
  usePreloadedChart();
  const report = useReport('report/salespeople', getSalespeopleReport, filters);
  const reply = report.data;
  const buckets = useMemo(() => (reply ? commentLines(reply) : []), [reply]);
  const chart = useMemo(
    () => ({
      labels: buckets.map((line) => formatIsoDay(line.start)),
      series: (reply?.statuses ?? []).map((status) => ({
        label: status,
        values: buckets.map((line) => line[status] as number),
      })),
    }),
    [buckets, reply],
  );
  const bucketColumns = useMemo<Column<BucketLine>[]>(
    () => [
      {
        key: 'start',
        label:
          reply?.granularity === 'day' ? 'Jour' : reply?.granularity === 'week' ? 'Semaine du' : 'Mois du',
        value: (line) => line.start,
        render: (line) => formatIsoDay(line.start),
      },
      ...(reply?.statuses ?? []).map((status) => ({
        key: `status-${status}`,
        label: status,
        value: (line: BucketLine) => line[status] as number,
        numeric: true,
      })),
      { key: 'total', label: 'Total', value: (line) => line.total as number, numeric: true },
    ],
    [reply],
  );
  return (
    <ReportLayout
      page="Commerciaux"
      filters={filters}
      onFiltersChange={setFilters}
      search={search}
      withGranularity
    >
      <ReportState loading={report.loading} failed={!reply && Boolean(report.error)}>
        {reply && (
          <>
            <section className="reports-section" aria-label="Par commercial">
              <SortableTable
                caption="Opportunités et relances par commercial"
                columns={SALESPERSON_COLUMNS}
                rows={reply.salespeople}
                rowKey={(line) => line.userId}
                fileName="rapport-commerciaux"
              />
            </section>
            <section className="reports-section" aria-label="Commentaires">
              <h2>Commentaires par statut</h2>
              <BarChart title="Commentaires par statut" labels={chart.labels} series={chart.series} stacked />
              <SortableTable
                caption="Commentaires par statut et par période"
                columns={bucketColumns}
                rows={buckets}
                rowKey={(line) => line.start}
                fileName="rapport-commentaires"
              />
            </section>
          </>
        )}
      </ReportState>
    </ReportLayout>
  );
}
