import { toast } from 'react-toastify';
import { config } from '../config.ts';

/** Toasts with the spec's durations: success 2000 ms, error 3000 ms, anything else 5000 ms. */
export const notify = {
  success: (message: string) => toast.success(message, { autoClose: config.toast.successMs }),
  error: (message: string) => toast.error(message, { autoClose: config.toast.errorMs }),
  info: (message: string) => toast.info(message, { autoClose: config.toast.defaultMs }),
};

export const sessionExpiredText = 'Session expired. Please login again.';
export const loginSuccessText = 'Login successful!';
