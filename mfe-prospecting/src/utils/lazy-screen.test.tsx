import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { lazyScreen } from './lazy-screen';

const screenModule = { Hello: () => <p>Écran chargé</p> };

function renderInSuspense(Screen: ComponentType) {
  render(
    <Suspense fallback={<p>Chargement…</p>}>
      <Screen />
    </Suspense>,
  );
}

test('a screen whose code was loaded before renders in its first render, without the fallback', async () => {
  const hello = lazyScreen(() => Promise.resolve(screenModule), (module) => module.Hello);
  await hello.load();
  renderInSuspense(hello.Screen);
  expect(screen.getByText('Écran chargé')).toBeInTheDocument();
  expect(screen.queryByText('Chargement…')).not.toBeInTheDocument();
});

test('a screen whose code is not in yet shows the fallback, then the screen', async () => {
  const hello = lazyScreen(() => Promise.resolve(screenModule), (module) => module.Hello);
  renderInSuspense(hello.Screen);
  expect(screen.getByText('Chargement…')).toBeInTheDocument();
  expect(await screen.findByText('Écran chargé')).toBeInTheDocument();
});
