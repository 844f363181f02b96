import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { hasStaticFrame, keepStaticFrame, releaseStaticFrame, StaticFrame } from './static-frame';

const FRAME =
  '<style>.shell-frame{display:block}</style><div class="shell-frame" inert><h1 class="ui-page-title">Opportunités</h1></div>';

afterEach(() => {
  releaseStaticFrame();
  document.body.innerHTML = '';
});

test("React's first commit keeps the page's static frame on screen: the very nodes, not a copy", async () => {
  const container = document.createElement('div');
  container.innerHTML = FRAME;
  document.body.append(container);
  const title = container.querySelector('h1');
  keepStaticFrame(container);
  expect(hasStaticFrame()).toBe(true);

  const root = createRoot(container);
  await act(async () => root.render(<StaticFrame />));
  expect(container.querySelector('h1')).toBe(title);
  expect(container.querySelectorAll('.shell-frame')).toHaveLength(1);
  expect(container.querySelector('style')).not.toBeNull();

  // The dashboard replaces it.
  await act(async () => root.render(<h1 className="ui-page-title">Opportunités</h1>));
  expect(container.querySelector('.shell-frame')).toBeNull();
  expect(container.querySelectorAll('h1')).toHaveLength(1);
  await act(async () => root.unmount());
});

test('keeps nothing when #root holds another first paint (the product name, /login)', () => {
  const container = document.createElement('div');
  container.innerHTML = '<p class="shell-boot">Prospection</p>';
  keepStaticFrame(container);
  expect(hasStaticFrame()).toBe(false);
  container.innerHTML = '<main class="auth-page" inert></main>';
  keepStaticFrame(container);
  expect(hasStaticFrame()).toBe(false);
});
