/** One series of a bar chart: its label and one value per category. */
export type ChartSeries = { label: string; values: readonly number[] };
