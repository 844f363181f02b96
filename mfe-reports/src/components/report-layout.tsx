import type { ReportFilters } from '@app/domain';
import { Button, useDocumentTitle } from '@app/platform';
import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import type { FilterPatch } from '../hooks/use-report-filters';
import { FilterBar } from './filter-bar';
import '../reports.css';

/** The report pages, in the order of the tabs; the first is the remote's first screen. */
export const REPORT_PAGES = [
  { to: '/dashboard/reports', label: 'Fichiers de prospects' },
  { to: '/dashboard/reports/commerciaux', label: 'Commerciaux' },
  { to: '/dashboard/reports/evolution', label: 'Évolution' },
  { to: '/dashboard/reports/territoires', label: 'Territoires et activités' },
] as const;

export type ReportLayoutProps = {
  page: (typeof REPORT_PAGES)[number]['label'];
  filters: ReportFilters;
  onFiltersChange: (patch: FilterPatch) => void;
  /** The current query, kept when moving to another report (the same filters). */
  search: string;
  withGranularity?: boolean;
  children: ReactNode;
};

/** Title, report tabs, filters and print button around one report. */
export function ReportLayout({
  page,
  filters,
  onFiltersChange,
  search,
  withGranularity,
  children,
}: ReportLayoutProps) {
  useDocumentTitle('Rapports', page);
  const section = useRef<HTMLElement>(null);
  // A printout shows every chart's table: they are opened before printing.
  useEffect(() => {
    const handleBeforePrint = () =>
      section.current?.querySelectorAll('details').forEach((details) => (details.open = true));
    window.addEventListener('beforeprint', handleBeforePrint);
    return () => window.removeEventListener('beforeprint', handleBeforePrint);
  }, []);
  return (
    <section ref={section} className="reports" aria-labelledby="reports-title">
      <header className="reports-header">
        <h1 id="reports-title" className="ui-page-title">
          {`Rapports — ${page}`}
        </h1>
        <Button variant="secondary" className="reports-print" onClick={() => window.print()}>
          Imprimer
        </Button>
      </header>
      <nav aria-label="Rapports" className="reports-tabs">
        {REPORT_PAGES.map((item) => (
          <NavLink
            key={item.to}
            to={{ pathname: item.to, search: search ? `?${search}` : '' }}
            end
            className={({ isActive }) => (isActive ? 'reports-tab reports-tab--current' : 'reports-tab')}
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <FilterBar filters={filters} onChange={onFiltersChange} withGranularity={withGranularity} />
      {children}
    </section>
  );
}
