// The visit order of a round: an open path from the start through every stop (the salesperson does
// not come back in the order), kept short by nearest neighbour then 2-opt on great-circle distances.
// docs/decisions/rounds.md gives the measured gap to the optimum.
import { haversineKm, type LatLng } from './geo';

/** Distances between the start (index 0) and the stops (1..n), in km. */
export type DistanceMatrix = Float64Array[];

export function distanceMatrix(start: LatLng, stops: readonly LatLng[]): DistanceMatrix {
  const points = [start, ...stops];
  const matrix = points.map(() => new Float64Array(points.length));
  for (let i = 0; i < points.length; i += 1) {
    for (let j = i + 1; j < points.length; j += 1) {
      const d = haversineKm(points[i] as LatLng, points[j] as LatLng);
      (matrix[i] as Float64Array)[j] = d;
      (matrix[j] as Float64Array)[i] = d;
    }
  }
  return matrix;
}

const at = (matrix: DistanceMatrix, i: number, j: number) => (matrix[i] as Float64Array)[j] as number;

/** Length of the path start -> order[0] -> order[1] …; `order` holds stop indexes 0..n-1. */
export function pathLength(matrix: DistanceMatrix, order: readonly number[]): number {
  let total = 0;
  let previous = 0;
  for (const stop of order) {
    total += at(matrix, previous, stop + 1);
    previous = stop + 1;
  }
  return total;
}

/** From the start, always the closest stop not yet visited. */
export function nearestNeighbour(matrix: DistanceMatrix): number[] {
  const count = matrix.length - 1;
  const visited = new Uint8Array(count);
  const order: number[] = [];
  let current = 0;
  for (let step = 0; step < count; step += 1) {
    let best = -1;
    let bestDistance = Infinity;
    for (let stop = 0; stop < count; stop += 1) {
      if (visited[stop]) continue;
      const d = at(matrix, current, stop + 1);
      if (d < bestDistance) {
        bestDistance = d;
        best = stop;
      }
    }
    visited[best] = 1;
    order.push(best);
    current = best + 1;
  }
  return order;
}

/** A change smaller than this (km) is rounding noise, not an improvement: it keeps 2-opt finite. */
const EPSILON_KM = 1e-9;

/**
 * 2-opt on the open path: reverses the segment order[i..j] whenever that shortens the path, until
 * no reversal does. The start stays first; the last stop may change. Never lengthens the path.
 */
export function twoOpt(matrix: DistanceMatrix, initial: readonly number[]): number[] {
  const order = [...initial];
  const n = order.length;
  // Node of position p in the matrix (position -1 is the start).
  const node = (position: number) => (position < 0 ? 0 : (order[position] as number) + 1);
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < n - 1; i += 1) {
      for (let j = i + 1; j < n; j += 1) {
        const before = node(i - 1);
        const first = node(i);
        const last = node(j);
        const removed = at(matrix, before, first) + (j + 1 < n ? at(matrix, last, node(j + 1)) : 0);
        const added = at(matrix, before, last) + (j + 1 < n ? at(matrix, first, node(j + 1)) : 0);
        if (added < removed - EPSILON_KM) {
          reverse(order, i, j);
          improved = true;
        }
      }
    }
  }
  return order;
}

function reverse(order: number[], from: number, to: number): void {
  for (let i = from, j = to; i < j; i += 1, j -= 1) {
    const kept = order[i] as number;
    order[i] = order[j] as number;
    order[j] = kept;
  }
}

export type OptimisedOrder = { order: number[]; km: number };

/** The visit order of `stops` from `start`: indexes into `stops`, and the path's length. */
export function optimiseOrder(start: LatLng, stops: readonly LatLng[]): OptimisedOrder {
  const matrix = distanceMatrix(start, stops);
  const order = twoOpt(matrix, nearestNeighbour(matrix));
  return { order, km: pathLength(matrix, order) };
}
