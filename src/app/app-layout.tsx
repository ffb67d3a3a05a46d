import { shallowEqual, useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppHeader } from '../components/app-header.tsx';
import { SideMenu } from '../components/side-menu.tsx';
import { type SocialLink, config } from '../config.ts';
import { useSessionActor } from '../session/session-context.ts';
import { selectShellNames } from '../session/session-selectors.ts';
import { clearDraft } from '../booking/booking-draft-storage.ts';
import styles from './app-layout.module.css';
import { HeaderBackContext } from '../components/header-back.tsx';
import { hasBackArrow, routeTitle } from '../routes.ts';

export interface AppShellProps {
  /** The screen's title, centred in the header bar. */
  title: string;
  firstName: string;
  lastName: string;
  contactPhone: string;
  contactEmail: string;
  socialLinks: readonly SocialLink[];
  /** The back arrow; left out on a route without one (the dashboard). */
  onBack?: () => void;
  /** Home or New Booking was chosen in the side menu. */
  onFreshStart: () => void;
  onLogout: () => void;
  children: ReactNode;
}

/**
 * The header bar and the side menu around a screen (props only). The menu's open state is the view's
 * own: it opens from the menu button, closes on Escape, the close button or any item, and focus then
 * goes back to the menu button.
 */
export function AppShell({ title, onBack, children, ...menu }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  }, []);

  return (
    <div className={styles.shell}>
      <AppHeader title={title} onBack={onBack} onMenu={() => setMenuOpen(true)} menuOpen={menuOpen} menuId={menuId} menuButtonRef={menuButtonRef} />
      <SideMenu id={menuId} open={menuOpen} onClose={closeMenu} {...menu} />
      {children}
    </div>
  );
}

/** The layout of every token-required route: the shell with the session's user, around the route's screen. */
export function AppLayout() {
  const actor = useSessionActor();
  const names = useSelector(actor, selectShellNames, shallowEqual);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [screenBack, setScreenBack] = useState<(() => void) | null>(null);
  // A function is stored as the state itself, not taken as an updater.
  const registerBack = useCallback((handler: (() => void) | null) => setScreenBack(() => handler), []);
  return (
    <AppShell
      title={routeTitle(pathname) ?? ''}
      {...names}
      contactPhone={config.contactPhone}
      contactEmail={config.contactEmail}
      socialLinks={config.socialLinks}
      onBack={hasBackArrow(pathname) ? () => (screenBack ? screenBack() : navigate(-1)) : undefined}
      // Choosing Home or New Booking clears the working keys, as arriving at /dashboard does.
      onFreshStart={clearDraft}
      onLogout={() => actor.send({ type: 'logout.requested' })}
    >
      <HeaderBackContext value={registerBack}>
        <Outlet />
      </HeaderBackContext>
    </AppShell>
  );
}
