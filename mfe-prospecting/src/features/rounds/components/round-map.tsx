// The round on a Leaflet map: the start, numbered stops and the path between them. Tiles come from
// MAP_TILE_URL; without it the map draws France's départements from a data package, in a chunk of
// their own (docs/decisions/rounds.md, "Map and tiles").
import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { RoundStart, RoundStop } from '@app/domain';

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

/** Resolves when the browser is idle (or after a second at most), after the screen's own paint. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else window.setTimeout(resolve, 50);
  });
}

/** Gives the main thread back to the browser (input, paint) before going on. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}

/**
 * The offline base map: every département's outline, under the round (pane below the overlays).
 * Off the screen's critical path: loaded and drawn once the browser is idle, a few départements per
 * slice of at most SLICE_MS, so the round's summary and stops are painted first.
 */
async function addDepartements(map: L.Map, isCancelled: () => boolean) {
  const [{ eachDepartementOutline, DEPARTEMENTS_ATTRIBUTION }] = await Promise.all([
    import(/* webpackChunkName: "round-departements" */ '../utils/departement-outlines'),
    whenIdle(),
  ]);
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

export default function RoundMap({ start, stops, tileUrl }: RoundMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const roundLayerRef = useRef<L.LayerGroup | null>(null);
  const [baseFailed, setBaseFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const map = L.map(container, { zoomSnap: 0.5, attributionControl: true });
    let cancelled = false;
    if (tileUrl) {
      L.tileLayer(tileUrl, { maxZoom: 19, attribution: 'Fond de carte : MAP_TILE_URL' }).addTo(map);
    } else {
      map.createPane(DEPARTEMENTS_PANE).style.zIndex = '350';
      addDepartements(map, () => cancelled).catch(() => {
        // The chunk did not load (offline before the map was ever opened): a graticule stands in.
        if (cancelled) return;
        map.attributionControl.addAttribution('Fond hors ligne (quadrillage d’un degré)');
        setBaseFailed(true);
      });
    }
    mapRef.current = map;
    roundLayerRef.current = L.layerGroup().addTo(map);
    return () => {
      cancelled = true;
      map.remove();
      mapRef.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const map = mapRef.current;
    const layer = roundLayerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    const points: L.LatLngTuple[] = [
      [start.lat, start.lng],
      ...stops.map((stop): L.LatLngTuple => [stop.lat, stop.lng]),
    ];
    const bounds = L.latLngBounds(points);
    if (!tileUrl && baseFailed) graticule(bounds).addTo(layer);
    L.polyline(points, { color: '#3454d1', weight: 3, opacity: 0.8 }).addTo(layer);
    // Markers are drawings, not controls: the list beside the map is the accessible view of the stops.
    L.marker([start.lat, start.lng], {
      icon: numberedIcon('D', 'start'),
      interactive: false,
      keyboard: false,
    }).addTo(layer);
    stops.forEach((stop, index) => {
      L.marker([stop.lat, stop.lng], {
        icon: numberedIcon(String(index + 1), 'stop'),
        interactive: false,
        keyboard: false,
      }).addTo(layer);
    });
    map.fitBounds(bounds.pad(0.1), { maxZoom: 14 });
  }, [start, stops, tileUrl, baseFailed]);

  return (
    <div
      ref={containerRef}
      className={['round-map', tileUrl ? '' : 'round-map--offline'].join(' ')}
      role="region"
      aria-label="Carte de la tournée"
    />
  );
}
