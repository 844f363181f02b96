import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Icon } from './icons';
import { useNotificationCount } from './notifications/use-notification-count';
import profilePicture from './profile-picture.svg';

// The panel loads on the first click on the bell: the first screen does not download it.
const NotificationCentre = lazy(() =>
  import('./notifications/notification-centre').then((module) => ({ default: module.NotificationCentre })),
);

/**
 * The notification counter (SPEC.md §1, live since issue 20: asked again every 30 s and on focus) and
 * the bell that opens the notification centre; the small profile picture.
 */
export function Footer() {
  const unread = useNotificationCount();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const handleClose = useCallback(() => {
    setOpen(false);
    bell.current?.focus();
  }, []);
  return (
    <footer className="shell-footer">
      <div className="shell-footer__notifications">
        <button
          ref={bell}
          type="button"
          className="shell-bell"
          aria-label={`Notifications : ${unread}`}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((current) => !current)}
        >
          <Icon name="bell" />
          <span className="shell-footer__count" aria-hidden="true">
            {unread}
          </span>
        </button>
        {open ? (
          <Suspense fallback={null}>
            <NotificationCentre id={panelId} onClose={handleClose} />
          </Suspense>
        ) : null}
      </div>
      <img
        className="shell-footer__avatar"
        src={profilePicture}
        alt="Photo de profil"
        width={28}
        height={28}
      />
    </footer>
  );
}
