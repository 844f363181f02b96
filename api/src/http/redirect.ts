import type { Response } from 'express';

/** Status the client reads as "navigate to data.redirect" (SPEC.md §4). */
export const REDIRECT_STATUS = 269;

export function redirect(res: Response, path: string): void {
  res.status(REDIRECT_STATUS).json({ redirect: path });
}
