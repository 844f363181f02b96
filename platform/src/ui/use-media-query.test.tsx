import { act, render, screen } from '@testing-library/react';
import { PHONE_MEDIA_QUERY, usePhoneLayout } from './use-media-query';

function Probe() {
  return <p>{usePhoneLayout() ? 'téléphone' : 'bureau'}</p>;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

test('without matchMedia (a test page, an old browser) it is the desk layout', () => {
  render(<Probe />);
  expect(screen.getByText('bureau')).toBeInTheDocument();
});

test('it follows the phone query as the window crosses 768 px', () => {
  let matches = true;
  const listeners = new Set<() => void>();
  const asked: string[] = [];
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => {
      asked.push(query);
      return {
        get matches() {
          return matches;
        },
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      };
    },
  });
  render(<Probe />);
  expect(asked).toContain(PHONE_MEDIA_QUERY);
  expect(screen.getByText('téléphone')).toBeInTheDocument();
  act(() => {
    matches = false;
    listeners.forEach((listener) => listener());
  });
  expect(screen.getByText('bureau')).toBeInTheDocument();
});
