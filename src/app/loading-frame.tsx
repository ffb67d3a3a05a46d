import { useLocation } from 'react-router';
import { HeaderBar } from '../components/header-bar.tsx';
import { CentredSpinner } from '../components/spinner.tsx';
import { hasBackArrow, routeTitle } from '../routes.ts';
import type { StorageKey } from '../storage/browser-storage.ts';
import { readStoredText } from '../storage/stored-text.ts';
import headerStyles from '../components/app-header.module.css';
import styles from './app-layout.module.css';

/**
 * What the first load shows while its route's code arrives (React Router's HydrateFallback). A signed-in screen
 * opened with a session gets its frame at once: the header with the screen's title where the screen will draw it
 * (with the room of the menu and back buttons the layout draws there, so nothing moves when they come),
 * and the spinner below. On a phone that is most of a second sooner than the screen (npm run lighthouse: the
 * title is the largest text a booking screen paints). Any other page, or no session (the guard will send the
 * visitor to Login), gets the spinner alone.
 */
export function LoadingFrame() {
  const { pathname } = useLocation();
  const title = routeTitle(pathname);
  if (title === null || readStoredText('token' satisfies StorageKey) === null) return <CentredSpinner label="Loading" />;
  return (
    <div className={styles.shell}>
      <HeaderBar
        // The room of the menu and back buttons the layout will draw: a long title takes the space left beside them.
        start={
          <>
            <span className={headerStyles.buttonRoom} />
            {hasBackArrow(pathname) ? <span className={headerStyles.buttonRoom} /> : null}
          </>
        }
        title={title}
      />
      <CentredSpinner label="Loading" />
    </div>
  );
}
