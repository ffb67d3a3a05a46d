import { ToastContainer } from 'react-toastify';
import { config } from '../config.ts';

/**
 * The toast area, top right. react-toastify labels it 'Notifications Alt+T' and moves focus to it on
 * Alt+T, as the spec asks.
 */
export function ToastRegion() {
  return <ToastContainer position="top-right" autoClose={config.toast.defaultMs} newestOnTop closeOnClick={false} pauseOnFocusLoss />;
}
