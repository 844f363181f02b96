// Leaflet's style sheet, in a chunk of its own: its injection is not part of the task that evaluates
// Leaflet (deferred-round-map.tsx, docs/decisions/lighthouse.md).
import 'leaflet/dist/leaflet.css';
