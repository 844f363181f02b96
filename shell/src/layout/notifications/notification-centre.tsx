import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  AGENDA_PATH,
  formatDateTimeInZone,
  NOTIFICATION_MAX_PAGE_SIZE,
  NOTIFICATION_PAGE_SIZE,
  type NotificationView,
} from '@app/domain';
import {
  Button,
  focusableIn,
  ignoreHandledFailure,
  invalidateApiQueries,
  keepTabInside,
  Spinner,
  useApiQuery,
  useSessionStore,
} from '@app/platform';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notification-calls';

export type NotificationCentreProps = {
  id: string;
  onClose: () => void;
};

/** Read or not, a change asks the list and the bell's count again. */
function refreshAll() {
  invalidateApiQueries('notification/list');
  invalidateApiQueries('notification/count');
}

/**
 * The bell's panel (a sheet along the bottom under 768 px): the member's notifications newest first,
 * unread ones marked, each a link to its screen (following it marks it read), "Tout marquer comme lu"
 * and the link to "Aujourd'hui". Escape or a click outside closes it.
 */
export function NotificationCentre({ id, onClose }: NotificationCentreProps) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [limit, setLimit] = useState(NOTIFICATION_PAGE_SIZE);
  const panel = useRef<HTMLDivElement>(null);
  const { data, loading } = useApiQuery(
    listNotifications,
    organisationId ? { organisationId, offset: 0, limit } : null,
    { key: 'notification/list' },
  );

  useEffect(() => {
    if (panel.current) focusableIn(panel.current)[0]?.focus();
    const handlePointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target)) return;
      // The bell toggles the panel itself.
      if ((target as HTMLElement).closest?.('.shell-bell')) return;
      onClose();
    };
    // On the document: the focus may have left the panel (a button that became disabled).
    const handleEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleEscape);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleEscape);
    };
  }, [onClose]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (panel.current) keepTabInside(event, panel.current);
  };

  const handleOpen = (notification: NotificationView) => {
    onClose();
    if (notification.read || !organisationId) return;
    markNotificationRead({ organisationId, notificationId: notification._id })
      .then(refreshAll)
      .catch(ignoreHandledFailure);
  };

  const handleReadAll = () => {
    if (!organisationId) return;
    markAllNotificationsRead({ organisationId }).then(refreshAll).catch(ignoreHandledFailure);
  };

  const notifications = data?.notifications ?? [];
  const unread = data?.unread ?? 0;
  return (
    <div
      ref={panel}
      id={id}
      className="shell-notifications"
      role="dialog"
      aria-label="Notifications"
      onKeyDown={handleKeyDown}
    >
      <div className="shell-notifications__header">
        <h2 className="shell-notifications__title">Notifications</h2>
        <Button variant="secondary" onClick={handleReadAll} disabled={unread === 0}>
          Tout marquer comme lu
        </Button>
        <button
          type="button"
          className="shell-notifications__close"
          aria-label="Fermer les notifications"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      {loading ? (
        <Spinner label="Chargement des notifications…" />
      ) : notifications.length === 0 ? (
        <p className="shell-notifications__empty">Aucune notification</p>
      ) : (
        <ul className="shell-notifications__list">
          {notifications.map((notification) => (
            <li
              key={notification._id}
              className={`shell-notification${notification.read ? '' : ' shell-notification--unread'}`}
            >
              <Link to={notification.link} onClick={() => handleOpen(notification)}>
                {notification.read ? null : <span className="shell-visually-hidden">Non lue : </span>}
                <span className="shell-notification__text">{notification.text}</span>
                <time
                  className="shell-notification__date"
                  dateTime={new Date(notification.createdAt).toISOString()}
                >
                  {formatDateTimeInZone(notification.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="shell-notifications__footer">
        {data && data.total > notifications.length && limit < NOTIFICATION_MAX_PAGE_SIZE ? (
          <Button
            variant="secondary"
            onClick={() =>
              setLimit((current) => Math.min(current + NOTIFICATION_PAGE_SIZE, NOTIFICATION_MAX_PAGE_SIZE))
            }
          >
            Afficher plus
          </Button>
        ) : null}
        <Link to={AGENDA_PATH} className="shell-notifications__agenda" onClick={onClose}>
          Aujourd&apos;hui
        </Link>
      </div>
    </div>
  );
}
