// The one file that imports chart.js: loaded (lazily, by bar-chart.tsx) only with a page that draws
// a chart, so the remote's entry and first screen stay small (docs/decisions/reports.md).
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { ChartSeries } from './chart-series';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const COLOURS = ['#1d4ed8', '#15803d', '#b91c1c', '#a16207', '#7e22ce', '#0f766e', '#c2410c'];

export type ChartCanvasProps = {
  labels: readonly string[];
  series: readonly ChartSeries[];
  stacked: boolean;
  horizontal: boolean;
  /** What the canvas shows, for assistive technologies (the table below holds the figures). */
  label: string;
};

export default function ChartCanvas({ labels, series, stacked, horizontal, label }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: series.map((item, index) => ({
          label: item.label,
          data: [...item.values],
          backgroundColor: COLOURS[index % COLOURS.length],
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked, ticks: { precision: 0 } },
          y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [labels, series, stacked, horizontal]);
  return <canvas ref={canvas} role="img" aria-label={label} data-chart-ready="true" />;
}
