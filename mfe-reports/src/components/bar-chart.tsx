import { lazy, Suspense, useEffect, useId } from 'react';
import type { ChartSeries } from './chart-series';

export type BarChartProps = {
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  stacked?: boolean;
  horizontal?: boolean;
};

const loadChartCanvas = () => import('./chart-canvas');
const ChartCanvas = lazy(loadChartCanvas);

/**
 * Starts loading chart.js while the page waits for its figures, instead of after them (a page that
 * draws a chart calls it when it mounts); the chart then draws as soon as the figures arrive. A
 * failed load is tried again by the chart itself.
 */
export function usePreloadedChart(): void {
  useEffect(() => {
    loadChartCanvas().catch(() => undefined);
  }, []);
}

/**
 * A bar chart with its figures as a table (the accessible alternative, also what a printout keeps):
 * the canvas is drawn by chart.js, loaded with the first chart of the page.
 */
export function BarChart({ title, labels, series, stacked = false, horizontal = false }: BarChartProps) {
  const id = useId();
  const summary = `${title} : ${series
    .map((item) => `${item.label} ${item.values.reduce((total, value) => total + value, 0)}`)
    .join(', ')}`;
  return (
    <figure className="reports-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="reports-chart__title">
        {title}
      </figcaption>
      <div className="reports-chart__canvas">
        <Suspense fallback={<p className="reports-muted">Chargement du graphique…</p>}>
          <ChartCanvas
            labels={labels}
            series={series}
            stacked={stacked}
            horizontal={horizontal}
            label={summary}
          />
        </Suspense>
      </div>
      <details className="reports-chart__data">
        <summary>{`Données du graphique « ${title} »`}</summary>
        <div className="ui-scroll-x">
          <table className="reports-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Libellé</th>
                {series.map((item) => (
                  <th key={item.label} scope="col" className="reports-number">
                    {item.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, index) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {series.map((item) => (
                    <td key={item.label} className="reports-number">
                      {item.values[index] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
