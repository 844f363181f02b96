import { render } from '@testing-library/react';
import { useDocumentTitle } from './use-document-title';

function Screen({ page, subPage }: { page: string; subPage?: string }) {
  useDocumentTitle(page, subPage);
  return null;
}

beforeEach(() => {
  document.title = 'Prospection';
});

test("a screen names the tab '<Page> — Prospection'", () => {
  render(<Screen page="Connexion" />);
  expect(document.title).toBe('Connexion — Prospection');
});

test("a sub-page names the tab '<Page> · <sous-page> — Prospection', and follows it when it changes", () => {
  const { rerender } = render(<Screen page="Opportunités" subPage="À faire" />);
  expect(document.title).toBe('Opportunités · À faire — Prospection');
  rerender(<Screen page="Opportunités" subPage="En attente" />);
  expect(document.title).toBe('Opportunités · En attente — Prospection');
});

test("the tab reads 'Prospection' again once the screen is gone", () => {
  const { unmount } = render(<Screen page="Paramètres" subPage="Rôles et permissions" />);
  unmount();
  expect(document.title).toBe('Prospection');
});
