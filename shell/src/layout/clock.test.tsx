import { act, render, screen } from '@testing-library/react';
import { Clock, CLOCK_REFRESH_MS } from './clock';

afterEach(() => jest.useRealTimers());

test('shows the local time as zero-padded hours:minutes and refreshes every 30 s', () => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date(2026, 10, 21, 9, 5, 50));
  render(<Clock />);
  expect(screen.getByLabelText('Heure locale')).toHaveTextContent('09:05');
  act(() => {
    jest.advanceTimersByTime(CLOCK_REFRESH_MS - 1000);
  });
  expect(screen.getByLabelText('Heure locale')).toHaveTextContent('09:05');
  act(() => {
    jest.advanceTimersByTime(1000);
  });
  expect(screen.getByLabelText('Heure locale')).toHaveTextContent('09:06');
});

test('shows the footer with a notification counter at 0 and a profile picture', () => {
  render(<Clock />);
  expect(screen.getByLabelText('Notifications : 0')).toHaveTextContent('0');
  expect(screen.getByRole('img', { name: 'Photo de profil' })).toBeInTheDocument();
});

test('an inactive clock shows no footer', () => {
  render(<Clock inactive />);
  expect(screen.queryByLabelText('Notifications : 0')).not.toBeInTheDocument();
  expect(screen.queryByRole('img', { name: 'Photo de profil' })).not.toBeInTheDocument();
});
