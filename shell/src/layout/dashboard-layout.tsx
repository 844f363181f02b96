import type { ReactNode } from 'react';
import { OfflineBanner, usePhoneLayout } from '@app/platform';
import { Clock } from './clock';
import { Navigation } from './navigation';
import { NavigationDrawer } from './navigation-drawer';
import { OrganisationSwitcher } from './organisation-switcher';
import { SearchBox } from './search-box';

export type DashboardLayoutProps = { children: ReactNode };

/**
 * Under 768 px the rail gives way to a "Menu" button and its drawer in the top bar, and the
 * organisation switcher moves into the drawer: the top bar stays on one line (docs/decisions/phone-layout.md).
 */
export function DashboardLayout({ children }: DashboardLayoutProps) {
  const phone = usePhoneLayout();
  return (
    <div className="shell-dashboard">
      {phone ? null : <Navigation />}
      <div className="shell-dashboard__main">
        <header className="shell-header">
          {phone ? <NavigationDrawer /> : null}
          <SearchBox />
          {phone ? null : <OrganisationSwitcher />}
          <Clock />
        </header>
        <OfflineBanner />
        <main className="shell-content">{children}</main>
      </div>
    </div>
  );
}
