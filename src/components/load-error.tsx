import { Spinner } from './spinner.tsx';
import styles from './load-error.module.css';
import ui from './ui.module.css';

/**
 * A read that failed (failures are shown, not only logged: docs/decisions/004-failures-are-shown.md): what went wrong, and Retry, which
 * spins while the read runs again.
 */
export function LoadError({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div className={styles.loadError}>
      <p role="alert" className={styles.text}>
        {message}
      </p>
      <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onRetry} disabled={retrying}>
        {retrying ? <Spinner /> : null}
        Retry
      </button>
    </div>
  );
}
