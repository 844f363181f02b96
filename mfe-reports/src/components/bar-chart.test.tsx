import { render, screen } from '@testing-library/react';
import { BarChart, type BarChartProps, usePreloadedChart } from './bar-chart';

const PROPS: BarChartProps = {
  title: 'Entonnoir des fichiers',
  labels: ['Importés', 'Pris'],
  series: [{ label: 'Prospects', values: [12, 5] }],
};
const DRAWN = 'Entonnoir des fichiers : Prospects 17';

// jsdom draws no canvas: a stand-in for chart-canvas.tsx, whose loading fails while `failing` is set.
let failing = true;
jest.mock('./chart-canvas', () => {
  if (failing) throw new Error('réseau coupé');
  return {
    __esModule: true,
    default: ({ label }: { label: string }) => <canvas role="img" aria-label={label} />,
  };
});

// In order: the module keeps what it has loaded of chart.js, as a page does between charts.
describe('BarChart', () => {
  it('says in French that the chart could not load, and keeps its table', async () => {
    render(<BarChart {...PROPS} />);
    expect(
      await screen.findByText(
        'Le graphique n’a pas pu être chargé : ses données sont dans le tableau ci-dessous.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Entonnoir des fichiers' })).toBeInTheDocument();
  });

  it('tries again, shows its table at once and draws the canvas once chart.js is loaded', async () => {
    failing = false;
    render(<BarChart {...PROPS} />);
    expect(screen.getByRole('table', { name: 'Entonnoir des fichiers' })).toBeInTheDocument();
    expect(screen.getByText('Chargement du graphique…')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: DRAWN })).toBeInTheDocument();
  });

  it('draws in its first render once chart.js is loaded (a page preloads it), with no loading message', () => {
    function Page() {
      usePreloadedChart();
      return <BarChart {...PROPS} />;
    }
    render(<Page />);
    expect(screen.getByRole('img', { name: DRAWN })).toBeInTheDocument();
    expect(screen.queryByText('Chargement du graphique…')).not.toBeInTheDocument();
  });
});
