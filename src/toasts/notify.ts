import { toast } from 'react-toastify';
import { config } from '../config.ts';

/** Toasts with the spec's durations: success 2000 ms, error 3000 ms, anything else 5000 ms. */
export const notify = {
  success: (message: string) => toast.success(message, { autoClose: config.toast.successMs }),
  error: (message: string) => toast.error(message, { autoClose: config.toast.errorMs }),
  /**
   * An error toast for the eye only: the screen also says it where it happened (a field's error, an inline
   * alert), and that is what a screen reader announces; the toast (a note, not a live region) is not read twice.
   */
  errorShownInline: (message: string) => toast.error(message, { autoClose: config.toast.errorMs, role: 'note' }),
  info: (message: string) => toast.info(message, { autoClose: config.toast.defaultMs }),
};

export const sessionExpiredText = 'Session expired. Please login again.';
export const loginSuccessText = 'Login successful!';
