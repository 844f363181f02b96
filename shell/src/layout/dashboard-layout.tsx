import type { ReactNode } from 'react';
import { OfflineBanner } from '@app/platform';
import { Clock } from './clock';
import { Navigation } from './navigation';
import { OrganisationSwitcher } from './organisation-switcher';
import { SearchBox } from './search-box';

export type DashboardLayoutProps = { children: ReactNode };

export function DashboardLayout({ children }: DashboardLayoutProps) {
  return (
    <div className="shell-dashboard">
      <Navigation />
      <div className="shell-dashboard__main">
        <header className="shell-header">
          <SearchBox />
          <OrganisationSwitcher />
          <Clock />
        </header>
        <OfflineBanner />
        <main className="shell-content">{children}</main>
      </div>
    </div>
  );
}
