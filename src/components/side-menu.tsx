import { type MouseEvent, useId } from 'react';
import { Link, useLocation } from 'react-router';
import type { SocialLink } from '../config.ts';
import { InitialsAvatar } from './initials-avatar.tsx';
import styles from './side-menu.module.css';
import ui from './ui.module.css';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * The side menu's items: the spec's (Home, Transaction History, Manage Booking, Rescheduling, Renew, My Profile)
 * in its order, worded as the dashboard's tiles word them ('Renew/change Package'), with the tiles' other places
 * (New Booking, CR Tutors), so every place of the app is one tap away. `fresh`: the item starts from no booking
 * in progress, as the dashboard (which clears the working keys) and its New Booking tile do.
 */
export const sideMenuItems = [
  { label: 'Home', to: '/dashboard', fresh: true },
  { label: 'Transaction History', to: '/transaction-history', fresh: false },
  { label: 'New Booking', to: '/new-booking', fresh: true },
  { label: 'Manage Booking', to: '/manage-booking', fresh: false },
  { label: 'Rescheduling', to: '/rescheduling', fresh: false },
  { label: 'Renew/change Package', to: '/renew-change-packages', fresh: false },
  { label: 'CR Tutors', to: '/crtutors', fresh: false },
  { label: 'My Profile', to: '/profile', fresh: false },
] as const;

export interface SideMenuProps {
  open: boolean;
  /** The dialog's id, for the menu button's aria-controls. */
  id?: string;
  firstName: string;
  lastName: string;
  contactPhone: string;
  contactEmail: string;
  socialLinks: readonly SocialLink[];
  /** Escape, the close button, a click outside, or any item chosen. */
  onClose: () => void;
  /** Choosing Home or New Booking (before the menu closes and the link is followed). */
  onFreshStart: () => void;
  onLogout: () => void;
}

/** tel: links take the digits and a leading +, without the spaces people write. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function SocialIcon({ name }: { name: string }) {
  const common = { viewBox: '0 0 24 24', width: 22, height: 22, 'aria-hidden': true, focusable: false } as const;
  switch (name.toLowerCase()) {
    case 'facebook':
      return (
        <svg {...common}>
          <path fill="currentColor" d="M14 8V6.5c0-.8.2-1.2 1.4-1.2H17V2h-2.6C11.3 2 10 3.6 10 6.2V8H8v3.2h2V22h4V11.2h2.7L17 8h-3z" />
        </svg>
      );
    case 'instagram':
      return (
        <svg {...common}>
          <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" />
        </svg>
      );
    case 'linkedin':
      return (
        <svg {...common}>
          <path fill="currentColor" d="M4 9h3.6v11H4zM5.8 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM9.8 9h3.4v1.6c.5-.9 1.7-1.9 3.5-1.9 3.7 0 4.3 2.4 4.3 5.5V20h-3.6v-5.1c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H9.8z" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3 12h18M12 3c2.5 2.7 2.5 15.3 0 18M12 3c-2.5 2.7-2.5 15.3 0 18" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      );
  }
}

/**
 * The side menu: a native modal <dialog> (focus moves in when it opens, Escape closes it), with the
 * user's name and initials, the app's places, Logout, the provider's contacts and social links.
 */
export function SideMenu(props: SideMenuProps) {
  const { open, onClose } = props;
  const ref = useModalDialog(open);
  const titleId = useId();
  // The item of the screen shown is marked as NavLink with `end` marks it; a Link keeps NavLink's code (0.4 kB
  // gzipped, with its path matching) out of the entry every page loads (tests/e2e/bundle-budget.spec.ts).
  const { pathname } = useLocation();

  // A click on the backdrop lands on the <dialog> itself, outside its panel.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      id={props.id}
      className={styles.menu}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={closeOnBackdrop}
      onKeyDown={(event) => {
        // Handled here too, so that Escape closes the menu the same way wherever the key comes from.
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className={styles.panel}>
        <div className={styles.top}>
          <h2 id={titleId} className={ui.visuallyHidden}>
            Menu
          </h2>
          <div className={styles.user}>
            <InitialsAvatar firstName={props.firstName} lastName={props.lastName} size="large" />
            <p className={styles.name}>
              {props.firstName} {props.lastName}
            </p>
          </div>
          <button type="button" className={ui.iconButton} aria-label="Close menu" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>

        <nav aria-label="Main">
          <ul className={styles.items}>
            {sideMenuItems.map((item) => (
              <li key={item.to}>
                <Link
                  className={styles.item}
                  to={item.to}
                  aria-current={pathname === item.to ? 'page' : undefined}
                  onClick={() => {
                    if (item.fresh) props.onFreshStart();
                    onClose();
                  }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={`${styles.item} ${styles.logout}`}
                onClick={() => {
                  onClose();
                  props.onLogout();
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </nav>

        <div className={styles.contact}>
          <h3 className={styles.contactTitle}>Contact us</h3>
          <p className={styles.contactLine}>
            <a href={telHref(props.contactPhone)}>{props.contactPhone}</a>
          </p>
          <p className={styles.contactLine}>
            <a href={`mailto:${props.contactEmail}`}>{props.contactEmail}</a>
          </p>
          <ul className={styles.social} aria-label="Social media">
            {props.socialLinks.map((link) => (
              <li key={link.name}>
                <a className={styles.socialLink} href={link.href} target="_blank" rel="noopener noreferrer">
                  <SocialIcon name={link.name} />
                  <span className={ui.visuallyHidden}>
                    {link.name} (opens in a new tab)
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </dialog>
  );
}
