import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { NotificationView } from '@app/domain';
import { clearApiQueries, useSessionStore } from '@app/platform';
import { Footer } from '../footer';
import {
  getNotificationCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notification-calls';
import { NOTIFICATION_POLL_MS } from './use-notification-count';

jest.mock('./notification-calls');

const ORGANISATION = 'a'.repeat(24);
const count = jest.mocked(getNotificationCount);
const list = jest.mocked(listNotifications);
const readOne = jest.mocked(markNotificationRead);
const readAll = jest.mocked(markAllNotificationsRead);

const FOLLOW_UP: NotificationView = {
  _id: 'n1',
  kind: 'followUpDue',
  text: 'Relance à faire : Boulangerie Martin',
  link: '/dashboard/opportunity/o1?type=todo',
  createdAt: Date.UTC(2026, 10, 26, 8, 0),
  read: false,
};
const IMPORT: NotificationView = {
  _id: 'n2',
  kind: 'importFinished',
  text: 'Import terminé : « Salons » (3 prospects)',
  link: '/dashboard/prospect/show/f1',
  createdAt: Date.UTC(2026, 10, 25, 8, 0),
  read: true,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderFooter() {
  return render(
    <MemoryRouter initialEntries={['/dashboard/prospect/list']}>
      <Footer />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  clearApiQueries();
  jest.resetAllMocks();
  useSessionStore.setState({ token: 'T'.repeat(43), currentOrganisationId: ORGANISATION });
  list.mockResolvedValue({ notifications: [FOLLOW_UP, IMPORT], total: 2, unread: 1 });
});
afterEach(() => {
  jest.useRealTimers();
  useSessionStore.setState({ token: null, currentOrganisationId: null });
});

test('the counter shows the unread count and follows it every 30 s and on focus, without a reload', async () => {
  jest.useFakeTimers();
  count.mockResolvedValue({ unread: 1 });
  renderFooter();
  expect(await screen.findByRole('button', { name: 'Notifications : 1' })).toHaveTextContent('1');
  expect(count).toHaveBeenCalledWith({ organisationId: ORGANISATION });

  count.mockResolvedValue({ unread: 2 });
  await act(async () => {
    jest.advanceTimersByTime(NOTIFICATION_POLL_MS);
  });
  expect(await screen.findByRole('button', { name: 'Notifications : 2' })).toBeInTheDocument();

  count.mockResolvedValue({ unread: 5 });
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
  });
  expect(await screen.findByRole('button', { name: 'Notifications : 5' })).toBeInTheDocument();
});

test('asks nothing without a current organisation and shows 0', () => {
  useSessionStore.setState({ currentOrganisationId: null });
  renderFooter();
  expect(screen.getByRole('button', { name: 'Notifications : 0' })).toBeInTheDocument();
  expect(count).not.toHaveBeenCalled();
});

test('the bell opens the centre: unread marked, each a link to its screen that marks it read', async () => {
  const user = userEvent.setup();
  count.mockResolvedValue({ unread: 1 });
  readOne.mockResolvedValue({ unread: 0 });
  renderFooter();
  await user.click(await screen.findByRole('button', { name: 'Notifications : 1' }));
  const centre = await screen.findByRole('dialog', { name: 'Notifications' });
  // The list's answer renders as a transition, just after the centre opens.
  await within(centre).findByRole('link', { name: /Boulangerie Martin/ });
  const links = within(centre).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual([
    expect.stringContaining('Non lue : Relance à faire : Boulangerie Martin'),
    expect.stringContaining('Import terminé : « Salons » (3 prospects)'),
    "Aujourd'hui",
  ]);
  expect(within(centre).getByRole('link', { name: "Aujourd'hui" })).toHaveAttribute(
    'href',
    '/dashboard/aujourdhui',
  );

  count.mockResolvedValue({ unread: 0 });
  await user.click(within(centre).getByRole('link', { name: /Boulangerie Martin/ }));
  expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/opportunity/o1?type=todo');
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(readOne).toHaveBeenCalledWith({ organisationId: ORGANISATION, notificationId: 'n1' });
  expect(await screen.findByRole('button', { name: 'Notifications : 0' })).toBeInTheDocument();
});

test('"Tout marquer comme lu" clears the count; Escape closes the centre', async () => {
  const user = userEvent.setup();
  count.mockResolvedValue({ unread: 1 });
  readAll.mockResolvedValue({ unread: 0 });
  renderFooter();
  await user.click(await screen.findByRole('button', { name: 'Notifications : 1' }));
  const centre = await screen.findByRole('dialog', { name: 'Notifications' });
  count.mockResolvedValue({ unread: 0 });
  list.mockResolvedValue({ notifications: [{ ...FOLLOW_UP, read: true }, IMPORT], total: 2, unread: 0 });
  await user.click(within(centre).getByRole('button', { name: 'Tout marquer comme lu' }));
  expect(readAll).toHaveBeenCalledWith({ organisationId: ORGANISATION });
  expect(await screen.findByRole('button', { name: 'Notifications : 0' })).toBeInTheDocument();
  await waitFor(() => expect(within(centre).queryByText(/Non lue/)).not.toBeInTheDocument());
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Notifications : 0' })).toHaveFocus();
});

test('says so when there is no notification', async () => {
  const user = userEvent.setup();
  count.mockResolvedValue({ unread: 0 });
  list.mockResolvedValue({ notifications: [], total: 0, unread: 0 });
  renderFooter();
  await user.click(await screen.findByRole('button', { name: 'Notifications : 0' }));
  expect(await screen.findByText('Aucune notification')).toBeInTheDocument();
});
