// The round on a Leaflet map: the start, numbered stops and the path between them. Tiles come from
// MAP_TILE_URL; without it the map draws France's départements from a data package, in a chunk of
// their own (docs/decisions/rounds.md, "Map and tiles"). Leaflet's style sheet is injected by its own
// chunk (deferred-round-map.tsx). The map is built in steps, each in a task of its own once the frame
// before is painted: the map, its zoom buttons, its view, the round's path, its markers, then the
// départements when the browser is idle (docs/decisions/lighthouse.md).
import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import type { RoundStart, RoundStop } from '@app/domain';
import { afterPaint, whenIdle, yieldToBrowser } from '../../../utils/after-paint';

export type RoundMapProps = {
  start: RoundStart;
  stops: readonly RoundStop[];
  tileUrl: string | null;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function numberedIcon(label: string, kind: 'start' | 'stop'): L.DivIcon {
  return L.divIcon({
    className: `round-marker round-marker--${kind}`,
    html: `<span>${escapeHtml(label)}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}

/** Lines every degree over the round's area: the base map when the départements' chunk cannot load. */
function graticule(bounds: L.LatLngBounds): L.LayerGroup {
  const layer = L.layerGroup();
  const south = Math.floor(bounds.getSouth()) - 2;
  const north = Math.ceil(bounds.getNorth()) + 2;
  const west = Math.floor(bounds.getWest()) - 3;
  const east = Math.ceil(bounds.getEast()) + 3;
  const style = { color: '#9aa6c2', weight: 1, interactive: false };
  for (let lat = south; lat <= north; lat += 1) {
    L.polyline(
      [
        [lat, west],
        [lat, east],
      ],
      style,
    ).addTo(layer);
  }
  for (let lng = west; lng <= east; lng += 1) {
    L.polyline(
      [
        [south, lng],
        [north, lng],
      ],
      style,
    ).addTo(layer);
  }
  return layer;
}

const DEPARTEMENTS_PANE = 'departements';

/** Work slices this long at most, so a phone's slow CPU never runs one long task (docs/decisions/lighthouse.md). */
const SLICE_MS = 8;

/** Resolves once the map has its view (layers added before are drawn all at once when it gets it). */
function whenViewSet(map: L.Map): Promise<void> {
  return new Promise((resolve) => {
    map.whenReady(() => resolve());
  });
}

/**
 * The offline base map: every département's outline, under the round (pane below the overlays).
 * Off the screen's critical path: loaded once the map has its view (its chunk's script tag is not
 * added in the task building the map) and drawn when the browser is idle, a few départements per
 * slice of at most SLICE_MS, so the round's summary, stops and markers are painted first.
 */
async function addDepartements(map: L.Map, isCancelled: () => boolean) {
  await whenViewSet(map);
  const { eachDepartementOutline, DEPARTEMENTS_ATTRIBUTION } = await import(
    /* webpackChunkName: "round-departements" */ '../utils/departement-outlines'
  );
  await whenIdle();
  if (isCancelled()) return;
  const style: L.PolylineOptions = {
    pane: DEPARTEMENTS_PANE,
    color: '#8b97b5',
    weight: 1,
    fillColor: '#ffffff',
    fillOpacity: 1,
    interactive: false,
    className: 'round-map__departement',
  };
  const layer = L.layerGroup().addTo(map);
  map.attributionControl.addAttribution(DEPARTEMENTS_ATTRIBUTION);
  let sliceStart = performance.now();
  for (const outline of eachDepartementOutline()) {
    // One polygon per département; its rings are separate pieces (islands), not holes.
    L.polygon(
      outline.rings.map((ring) => [ring.map(([lat, lng]): L.LatLngTuple => [lat, lng])]),
      style,
    ).addTo(layer);
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToBrowser();
      if (isCancelled()) return;
      sliceStart = performance.now();
    }
  }
}

/**
 * The round's path and numbered markers, the view fitted to them: after a paint (the view's size is
 * then read from a clean layout), the markers a few per slice of at most SLICE_MS.
 */
async function drawRound(
  map: L.Map,
  layer: L.LayerGroup,
  { start, stops, withGraticule }: { start: RoundStart; stops: readonly RoundStop[]; withGraticule: boolean },
  isCancelled: () => boolean,
) {
  await afterPaint();
  if (isCancelled()) return;
  layer.clearLayers();
  const points: L.LatLngTuple[] = [
    [start.lat, start.lng],
    ...stops.map((stop): L.LatLngTuple => [stop.lat, stop.lng]),
  ];
  const bounds = L.latLngBounds(points);
  map.fitBounds(bounds.pad(0.1), { maxZoom: 14 });
  await yieldToBrowser();
  if (isCancelled()) return;
  if (withGraticule) graticule(bounds).addTo(layer);
  // The path alone: its first drawing creates the map's SVG renderer.
  L.polyline(points, { color: '#3454d1', weight: 3, opacity: 0.8 }).addTo(layer);
  await yieldToBrowser();
  if (isCancelled()) return;
  let sliceStart = performance.now();
  // Markers are drawings, not controls: the list beside the map is the accessible view of the stops.
  const markers = [
    { point: points[0] as L.LatLngTuple, label: 'D', kind: 'start' as const },
    ...stops.map((stop, index) => ({
      point: [stop.lat, stop.lng] as L.LatLngTuple,
      label: String(index + 1),
      kind: 'stop' as const,
    })),
  ];
  for (const { point, label, kind } of markers) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToBrowser();
      if (isCancelled()) return;
      sliceStart = performance.now();
    }
    L.marker(point, { icon: numberedIcon(label, kind), interactive: false, keyboard: false }).addTo(layer);
  }
}

export default function RoundMap({ start, stops, tileUrl }: RoundMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<{ map: L.Map; roundLayer: L.LayerGroup } | null>(null);
  const [baseFailed, setBaseFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    // The zoom buttons in a task of their own: building them was most of the map's first task.
    const created = L.map(container, { zoomSnap: 0.5, attributionControl: true, zoomControl: false });
    let cancelled = false;
    void yieldToBrowser().then(() => {
      if (!cancelled)
        L.control.zoom({ zoomInTitle: 'Zoom avant', zoomOutTitle: 'Zoom arrière' }).addTo(created);
    });
    if (tileUrl) {
      L.tileLayer(tileUrl, { maxZoom: 19, attribution: 'Fond de carte : MAP_TILE_URL' }).addTo(created);
    } else {
      created.createPane(DEPARTEMENTS_PANE).style.zIndex = '350';
      addDepartements(created, () => cancelled).catch(() => {
        // The chunk did not load (offline before the map was ever opened): a graticule stands in.
        if (cancelled) return;
        created.attributionControl.addAttribution('Fond hors ligne (quadrillage d’un degré)');
        setBaseFailed(true);
      });
    }
    setMap({ map: created, roundLayer: L.layerGroup().addTo(created) });
    return () => {
      cancelled = true;
      created.remove();
      setMap(null);
    };
  }, [tileUrl]);

  useEffect(() => {
    if (!map) return undefined;
    let cancelled = false;
    void drawRound(
      map.map,
      map.roundLayer,
      { start, stops, withGraticule: !tileUrl && baseFailed },
      () => cancelled,
    );
    return () => {
      cancelled = true;
    };
  }, [map, start, stops, tileUrl, baseFailed]);

  return (
    <div
      ref={containerRef}
      className={['round-map', tileUrl ? '' : 'round-map--offline'].join(' ')}
      role="region"
      aria-label="Carte de la tournée"
    />
  );
}
