import type { ReactNode, Ref } from 'react';
import { HeaderBar } from './header-bar.tsx';
import ui from './ui.module.css';

export interface AppHeaderProps {
  /** The centred title (text), or a logo when `logo` is given. */
  title: string;
  logo?: ReactNode;
  /** The back arrow: goes back in the browser's history. Left out when not given. */
  onBack?: () => void;
  /** The menu button: opens the side menu. Left out when not given. */
  onMenu?: () => void;
  menuOpen?: boolean;
  /** The id of the side menu the menu button controls. */
  menuId?: string;
  menuButtonRef?: Ref<HTMLButtonElement>;
  /** Right-side icon, notification or text buttons. */
  end?: ReactNode;
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M19 12H5M11 6l-6 6 6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

/** The header bar of every signed-in screen: menu and back on the left, a centred title or logo, optional buttons on the right. */
export function AppHeader({ title, logo, onBack, onMenu, menuOpen = false, menuId, menuButtonRef, end }: AppHeaderProps) {
  return (
    <HeaderBar
      start={
        <>
          {onMenu ? (
            <button
              ref={menuButtonRef}
              type="button"
              className={ui.iconButton}
              aria-label="Menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={onMenu}
            >
              <MenuIcon />
            </button>
          ) : null}
          {onBack ? (
            <button type="button" className={ui.iconButton} aria-label="Back" onClick={onBack}>
              <BackIcon />
            </button>
          ) : null}
        </>
      }
      title={logo ?? title}
      end={end}
    />
  );
}
