// @app/platform: the browser runtime shared (as one Module Federation singleton) by the shell and every remote.
import './ui/ui.css';

export { useSessionStore } from './session/session-store';
export type { SessionState, SessionUser, OrganisationSummary } from './session/session-store';
export {
  STORAGE_KEYS,
  opportunityListKey,
  saveOpportunityIds,
  readOpportunityIds,
} from './session/storage-keys';
export {
  apiPost,
  callQuietly,
  configureApiClient,
  ignoreHandledFailure,
  showQuietFailure,
  preloadApiClient,
  REDIRECT_STATUS,
} from './api/api-client';
export type { CallOptions } from './api/api-client';
export { ApiError, ApiRedirect, NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE } from './api/api-error';
export { setNavigator, navigateTo } from './api/navigation';
export {
  notifyError,
  notifySuccess,
  notifyInfo,
  notifyUnavailableFeature,
  UNAVAILABLE_FEATURE_MESSAGE,
  TOAST_AUTO_CLOSE_MS,
  SHORT_TOAST_MS,
  EXPORT_TOAST_MS,
} from './toast/notify';
export { ToastHost } from './toast/toast-host';
export { APP_EVENTS, emitAppEvent, useAppEvent } from './events/app-events';
export { APP_NAME, documentTitle, useDocumentTitle } from './document/use-document-title';
export type { AppEvent } from './events/app-events';
export { Button } from './ui/button';
export type { ButtonProps } from './ui/button';
export { TextField } from './ui/text-field';
export type { TextFieldProps } from './ui/text-field';
export { Select } from './ui/select';
export type { SelectOption, SelectProps } from './ui/select';
export { Spinner } from './ui/spinner';
export { LoadingScreen } from './ui/loading-screen';
export { Tabs } from './ui/tabs';
export type { Tab, TabsProps } from './ui/tabs';
export { Modal, MODAL_FADE_OUT_MS } from './ui/modal';
export type { ModalProps } from './ui/modal';
export { ModalFooter } from './ui/modal-footer';
export type { ModalFooterProps } from './ui/modal-footer';
export { CardList, CardListItem } from './ui/card-list';
export type { CardField, CardListItemProps, CardListProps } from './ui/card-list';
export { FOCUSABLE_SELECTOR, focusableIn, keepTabInside } from './ui/focus-trap';
export { PHONE_MEDIA_QUERY, TABLET_MEDIA_QUERY, useMediaQuery, usePhoneLayout } from './ui/use-media-query';
export { TimedConfirmation, CONFIRMATION_MS } from './ui/timed-confirmation';
export type { TimedConfirmationProps } from './ui/timed-confirmation';
export { useApiQuery, prefetchApiQuery, invalidateApiQueries, clearApiQueries } from './query/api-query';
export type { ApiQuery, ApiQueryOptions } from './query/api-query';
export { startFirstScreen } from './router/start-first-screen';
export type { FirstScreen, FirstScreenAddress } from './router/start-first-screen';
export {
  enqueueChange,
  flushQueue,
  dismissRefused,
  clearDeviceData,
  confirmSignOut,
  pendingChangeCount,
  pendingLabel,
  unsentChangesQuestion,
  useOfflineState,
  LICENCE_REFUSED_REASON,
} from './offline/offline-queue';
export type { NewChange, OfflineState, QueuedChange, RefusedChange } from './offline/offline-queue';
export { OfflineBanner } from './offline/offline-banner';
export { useLiveChange } from './live/use-live-change';
