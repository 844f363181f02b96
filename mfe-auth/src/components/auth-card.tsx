import type { ReactNode } from 'react';
import '../auth.css';

export type AuthCardProps = { title: string; children: ReactNode };

export function AuthCard({ title, children }: AuthCardProps) {
  return (
    <main className="auth-page">
      <section className="ui-card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}
