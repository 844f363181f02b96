import type { ReactNode } from 'react';
import '../auth.css';
import { useDocumentTitle } from '@app/platform';

export type AuthCardProps = { title: string; children: ReactNode };

export function AuthCard({ title, children }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <main className="auth-page">
      <section className="ui-card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}
