import { useEffect, useId, useState } from 'react';
import type { ChartSeries } from './chart-series';

export type BarChartProps = {
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  stacked?: boolean;
  horizontal?: boolean;
};

type ChartCanvasModule = typeof import('./chart-canvas');
let loadedCanvas: ChartCanvasModule | undefined;
let loadingCanvas: Promise<ChartCanvasModule> | undefined;

/** chart.js and the canvas drawing with it, loaded once; a failed load is tried again at the next call. */
function loadChartCanvas(): Promise<ChartCanvasModule> {
  loadingCanvas ??= import('./chart-canvas').then(
    (module) => (loadedCanvas = module),
    (error: unknown) => {
      loadingCanvas = undefined;
      throw error;
    },
  );
  return loadingCanvas;
}

/**
 * Starts loading chart.js now: with the remote's routes when the page is opened by its address, in
 * parallel with the page's calls (routes.tsx). A failure is reported by the chart that needs it.
 */
export function preloadChart(): void {
  loadChartCanvas().catch(() => undefined);
}

/**
 * Starts loading chart.js while the page waits for its figures, instead of after them (a page that
 * draws a chart calls it when it mounts): the chart is then drawn in the same render as its table.
 */
export function usePreloadedChart(): void {
  useEffect(preloadChart, []);
}

/**
 * The canvas component once loaded. Not React.lazy: a lazy component suspends at its first render
 * even when its module is already there, and React then holds the revealed chart back (about 300 ms,
 * its fallback throttle), which was a fifth of the page's first chart (docs/decisions/reports.md).
 */
function useChartCanvas(): { Canvas?: ChartCanvasModule['default']; failed: boolean } {
  const [module, setModule] = useState(loadedCanvas);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module) return undefined;
    let live = true;
    loadChartCanvas().then(
      (loaded) => live && setModule(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module]);
  return { Canvas: module?.default, failed };
}

/**
 * A bar chart with its figures as a table (the accessible alternative, also what a printout keeps):
 * the canvas is drawn by chart.js, loaded with the first chart of the page.
 */
export function BarChart({ title, labels, series, stacked = false, horizontal = false }: BarChartProps) {
  const id = useId();
  const { Canvas, failed } = useChartCanvas();
  const summary = `${title} : ${series
    .map((item) => `${item.label} ${item.values.reduce((total, value) => total + value, 0)}`)
    .join(', ')}`;
  return (
    <figure className="reports-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="reports-chart__title">
        {title}
      </figcaption>
      <div className="reports-chart__canvas">
        {Canvas ? (
          <Canvas labels={labels} series={series} stacked={stacked} horizontal={horizontal} label={summary} />
        ) : (
          <p className="reports-muted">
            {failed
              ? 'Le graphique n’a pas pu être chargé : ses données sont dans le tableau ci-dessous.'
              : 'Chargement du graphique…'}
          </p>
        )}
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
