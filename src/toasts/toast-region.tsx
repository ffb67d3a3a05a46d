import { ToastContainer } from 'react-toastify';
import { config } from '../config.ts';
import styles from './toast-region.module.css';

/**
 * The toast area, top right (below the header bar), as the spec places it. react-toastify labels it
 * 'Notifications Alt+T' and moves focus to it on Alt+T, as the spec asks.
 */
export function ToastRegion() {
  return <ToastContainer className={styles.toasts} position="top-right" autoClose={config.toast.defaultMs} newestOnTop closeOnClick={false} pauseOnFocusLoss />;
}
