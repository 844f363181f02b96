import type { LatLng } from './geo';
import type { OptimisedOrder } from './tour';

/** Page -> worker: the start and the stops' positions. */
export type OptimiseRequest = { id: number; start: LatLng; stops: LatLng[] };
/** Worker -> page: the order found for request `id`. */
export type OptimiseReply = { id: number } & OptimisedOrder;
