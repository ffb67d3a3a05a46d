import { Link } from 'react-router';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';

export function NotFoundScreen() {
  return (
    <ScreenFrame title="Page not found">
      <div className={ui.card}>
        <p>There is no page at this address.</p>
        <Link className={`${ui.button} ${ui.primary}`} to="/">
          Go to the start page
        </Link>
      </div>
    </ScreenFrame>
  );
}
