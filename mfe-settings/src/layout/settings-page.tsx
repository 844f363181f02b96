import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import '../settings.css';
import { useDocumentTitle } from '@app/platform';

export type SettingsPageProps = { title: string; children: ReactNode };

/** A settings sub-page: the way back to the hub, its title, its content. */
export function SettingsPage({ title, children }: SettingsPageProps) {
  useDocumentTitle('Paramètres', title);
  return (
    <section className="settings-page">
      <nav aria-label="Fil d’Ariane" className="settings-breadcrumb">
        <Link to="/dashboard/prospect/settings">Paramètres</Link>
      </nav>
      <h1 className="ui-page-title">{title}</h1>
      {children}
    </section>
  );
}
