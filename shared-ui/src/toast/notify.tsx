import { toast, ToastContainer, type ToastContainerProps } from 'react-toastify';

/** Spec section 9: success notices 1.5 s; toast defaults error and blank 4 s, success 2 s; at most 20. */
export const TOAST_DURATIONS = { notice: 1500, success: 2000, error: 4000, blank: 4000 } as const;
export const TOAST_LIMIT = 20;

/** Toast helpers every screen uses, so durations stay as the spec says. */
export const notify = {
  /** The spec's success notices ('Your work has been saved', '{name} is admin now', ...): 1.5 s. */
  notice: (message: string) => toast.success(message, { autoClose: TOAST_DURATIONS.notice }),
  success: (message: string) => toast.success(message, { autoClose: TOAST_DURATIONS.success }),
  error: (message: string) => toast.error(message, { autoClose: TOAST_DURATIONS.error }),
  message: (message: string) => toast(message, { autoClose: TOAST_DURATIONS.blank }),
};

/** The one toast container; the shell renders it (remotes only call `notify`). */
export function AppToastContainer(props: ToastContainerProps) {
  return <ToastContainer position="top-center" limit={TOAST_LIMIT} autoClose={TOAST_DURATIONS.blank} newestOnTop {...props} />;
}
