// The rounds section of the configuration: the map's tiles (docs/decisions/configuration.md, rounds.md).
import { z } from 'zod';
import { defineSection, httpUrl, variable } from '../../config-variables';

/** A Leaflet tile template such as https://{s}.tile.example.org/{z}/{x}/{y}.png. */
const tileTemplate = z
  .string()
  .refine(
    (value) =>
      ['{z}', '{x}', '{y}'].every((part) => value.includes(part)) &&
      httpUrl.safeParse(value.replaceAll('{s}', 'a')).success,
  );

export type RoundsConfig = {
  /** Leaflet URL template of the rounds map's tiles (MAP_TILE_URL); undefined: the offline base map. */
  mapTileUrl: string | undefined;
};

export const roundsSection = defineSection(
  {
    MAP_TILE_URL: variable(tileTemplate, 'doit être une URL http(s) de tuiles contenant {z}, {x} et {y}'),
  },
  (values): RoundsConfig => ({ mapTileUrl: values.MAP_TILE_URL }),
);
