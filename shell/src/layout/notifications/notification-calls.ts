// The notification centre's calls, through the platform's API client. The bell asks in the background:
// a failure is not toasted, and a member without a licence (269 → /dashboard/nosub on prospecting
// calls) is not sent away from the screen they are on; their bell just stays empty.
import type { NotificationCountReply, NotificationPageReply } from '@app/domain';
import { apiPost, ApiRedirect } from '@app/platform';

const QUIET = { silent: true, followRedirect: false } as const;

type Scope = { organisationId: string };

async function quietly<T>(call: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiRedirect) return empty;
    throw error;
  }
}

export function getNotificationCount(input: Scope): Promise<NotificationCountReply> {
  return quietly(() => apiPost<NotificationCountReply>('/api/notification/count', input, QUIET), {
    unread: 0,
  });
}

export function listNotifications(
  input: Scope & { offset: number; limit: number },
): Promise<NotificationPageReply> {
  return quietly(() => apiPost<NotificationPageReply>('/api/notification/list', input, QUIET), {
    notifications: [],
    total: 0,
    unread: 0,
  });
}

export function markNotificationRead(
  input: Scope & { notificationId: string },
): Promise<NotificationCountReply> {
  return apiPost<NotificationCountReply>('/api/notification/read', input);
}

export function markAllNotificationsRead(input: Scope): Promise<NotificationCountReply> {
  return apiPost<NotificationCountReply>('/api/notification/readAll', input);
}
