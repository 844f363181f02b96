// The visit order, computed off the page's thread (200 stops take a few hundred ms of 2-opt).
import type { OptimiseReply, OptimiseRequest } from './optimise-protocol';
import { optimiseOrder } from './tour';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<OptimiseRequest>) => void) | null;
  postMessage: (reply: OptimiseReply) => void;
};

scope.onmessage = (event) => {
  const { id, start, stops } = event.data;
  scope.postMessage({ id, ...optimiseOrder(start, stops) });
};
