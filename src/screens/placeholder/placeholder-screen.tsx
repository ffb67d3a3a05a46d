import { Link, useLocation } from 'react-router-dom';
import { tokenRequiredRoutes } from '../../app/routes.ts';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';

/** Routes whose screens come with later issues: reachable and guarded, and honest about it. */
export function PlaceholderScreen() {
  const { pathname } = useLocation();
  const title = tokenRequiredRoutes[pathname as keyof typeof tokenRequiredRoutes] ?? 'Coming soon';
  return (
    <ScreenFrame title={title}>
      <div className={ui.card}>
        <p>This screen is not available yet.</p>
        <Link className={`${ui.button} ${ui.primary}`} to="/dashboard">
          Back to the dashboard
        </Link>
      </div>
    </ScreenFrame>
  );
}
