import { Icon } from './icons';
import profilePicture from './profile-picture.svg';

/** The notification counter stays at 0 until notifications exist (SPEC.md §1). */
export function Footer() {
  return (
    <footer className="shell-footer">
      <span className="shell-footer__notifications" aria-label="Notifications : 0">
        <Icon name="bell" />
        <span className="shell-footer__count">0</span>
      </span>
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
