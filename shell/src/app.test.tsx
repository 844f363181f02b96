import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from './app';

test('an address that matches no screen says so and leads back home', () => {
  render(
    <MemoryRouter initialEntries={['/nulle-part']}>
      <App remotes={[]} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Revenir à l’accueil' })).toHaveAttribute('href', '/dashboard');
  expect(document.title).toBe('Page introuvable — Prospection');
});
