import { z } from '../zod';
import { idField } from './fields';
import { MESSAGES } from './messages';

/** A MongoDB ObjectId as 24 hex characters (DESIGN §5); normalised to lower case. */
export const objectIdSchema = idField('identifiant', MESSAGES.invalidId);

export const TOKEN_MIN_LENGTH = 16;
export const TOKEN_MAX_LENGTH = 512;

/**
 * An opaque token (session, password reset, invitation): hex or base64url characters only, so it
 * can travel in a URL unescaped and never carries an operator or a path.
 */
export const tokenSchema = z
  .string({ error: MESSAGES.invalidToken })
  .regex(new RegExp(`^[A-Za-z0-9_-]{${TOKEN_MIN_LENGTH},${TOKEN_MAX_LENGTH}}$`), MESSAGES.invalidToken);
