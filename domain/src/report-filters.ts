// What the report screens need of the reports' filters without their zod schema (reports.ts): the
// periods, the time buckets, their labels and the messages. A module that only imports a constant still
// runs every schema definition beside it, so these live apart and the reports remote's first screen
// loads no zod (docs/decisions/reports.md, "What the first screen downloads").
export const REPORT_PERIODS = ['week', 'month', '30days', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  week: 'Cette semaine',
  month: 'Ce mois-ci',
  '30days': '30 derniers jours',
  custom: 'Période personnalisée',
};

export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

export const REPORT_GRANULARITY_LABELS: Record<ReportGranularity, string> = {
  day: 'Par jour',
  week: 'Par semaine',
  month: 'Par mois',
};

/** A custom period is at most this long (a year and a day: a leap year's whole year). */
export const MAX_REPORT_DAYS = 366;

export const REPORT_MESSAGES = {
  invalidPeriod:
    'Période invalide : choisissez cette semaine, ce mois-ci, les 30 derniers jours ou une période personnalisée',
  invalidGranularity: 'Regroupement invalide : par jour, par semaine ou par mois',
  missingDates: 'Indiquez la date de début et la date de fin de la période',
  invalidDate: 'Date invalide : attendu AAAA-MM-JJ',
  reversedDates: 'La date de début doit précéder la date de fin',
  tooLong: `Une période ne peut pas dépasser ${MAX_REPORT_DAYS} jours`,
  invalidUser: 'Commercial invalide',
  invalidFile: 'Fichier de prospects invalide',
} as const;
