import { toast } from 'react-toastify';

/** SPEC.md §9: 8 s on the auth screens and in the dashboard. */
export const TOAST_AUTO_CLOSE_MS = 8000;
export const SHORT_TOAST_MS = 2000;
export const EXPORT_TOAST_MS = 5000;

/** When each error toast was last shown, by its id (its message). */
const shownErrors = new Map<string, number>();

export function notifyError(message: string, autoClose = TOAST_AUTO_CLOSE_MS): void {
  shownErrors.set(message, Date.now());
  toast.error(message, { autoClose, toastId: message });
}

/**
 * Closes the error toasts shown at least `olderThanMs` ago: the screen they were about is gone. One
 * shown just before (the reason of a redirect: session over, no licence) stays.
 */
export function dismissStaleErrors(olderThanMs: number): void {
  const now = Date.now();
  for (const [id, shownAt] of shownErrors) {
    if (now - shownAt < olderThanMs) continue;
    toast.dismiss(id);
    shownErrors.delete(id);
  }
}

export function notifySuccess(message: string, autoClose = TOAST_AUTO_CLOSE_MS): void {
  toast.success(message, { autoClose });
}

export function notifyInfo(message: string, autoClose = TOAST_AUTO_CLOSE_MS): void {
  toast.info(message, { autoClose, toastId: message });
}

export const UNAVAILABLE_FEATURE_MESSAGE = 'Fonctionnalité non disponible';

/** Deactivated modules and entries whose feature does not exist yet (SPEC.md §1, §8: 2 s). */
export function notifyUnavailableFeature(): void {
  toast.info(UNAVAILABLE_FEATURE_MESSAGE, {
    autoClose: SHORT_TOAST_MS,
    toastId: UNAVAILABLE_FEATURE_MESSAGE,
  });
}
