import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { NONCE_META } from '@sportify/platform/render';

/** docs/product.md §9: success notices 1.5 s; toast defaults error and blank 4 s, success 2 s; at most 20. */
export const TOAST_DURATIONS = { notice: 1500, success: 2000, error: 4000, blank: 4000 } as const;
export const TOAST_LIMIT = 20;

// react-toastify is only needed once something is announced, so it stays out of the first view: the first
// notice loads it and mounts the container (toasts raised before the container mounts are queued by the library).
const loadToastify = () => import('react-toastify');
const LazyToastContainer = lazy(() => loadToastify().then((module) => ({ default: module.ToastContainer })));

let containerWanted = false;
const subscribers = new Set<() => void>();
function wantContainer() {
  if (containerWanted) return;
  containerWanted = true;
  subscribers.forEach((notifySubscriber) => notifySubscriber());
}

type Kind = 'success' | 'error' | 'message';

function show(kind: Kind, message: string, autoClose: number): Promise<void> {
  wantContainer();
  return loadToastify().then(({ toast }) => {
    if (kind === 'message') toast(message, { autoClose });
    else toast[kind](message, { autoClose });
  });
}

/** Toast helpers every screen uses, so durations stay as docs/product.md §9 says. Resolve once the toast is raised. */
export const notify = {
  /** The success notices of docs/product.md §8 ('Your work has been saved', '{name} is admin now', ...): 1.5 s. */
  notice: (message: string) => show('success', message, TOAST_DURATIONS.notice),
  success: (message: string) => show('success', message, TOAST_DURATIONS.success),
  error: (message: string) => show('error', message, TOAST_DURATIONS.error),
  message: (message: string) => show('message', message, TOAST_DURATIONS.blank),
};

/** The page's CSP nonce, for the <style> element react-toastify adds (the page's policy admits no other). */
const pageNonce = (): string | undefined =>
  document.querySelector<HTMLMetaElement>(`meta[property="${NONCE_META}"]`)?.nonce || undefined;

/** The one toast container; the shell renders it (remotes only call `notify`). Mounts on the first notice. */
export function AppToastContainer(props: ToastContainerProps) {
  const wanted = useSyncExternalStore(
    (onChange) => {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    () => containerWanted,
    // No notice on a server-rendered page, nor while it hydrates.
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastContainer
        position="top-center"
        limit={TOAST_LIMIT}
        autoClose={TOAST_DURATIONS.blank}
        // A notice lasts its 1.5 s even when the window is not focused.
        pauseOnFocusLoss={false}
        newestOnTop
        nonce={pageNonce()}
        {...props}
      />
    </Suspense>
  );
}
