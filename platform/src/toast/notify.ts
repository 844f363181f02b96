import { toast } from 'react-toastify';

/** SPEC.md §9: 8 s on the auth screens and in the dashboard. */
export const TOAST_AUTO_CLOSE_MS = 8000;
export const SHORT_TOAST_MS = 2000;
export const EXPORT_TOAST_MS = 5000;

export function notifyError(message: string, autoClose = TOAST_AUTO_CLOSE_MS): void {
  toast.error(message, { autoClose, toastId: message });
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
