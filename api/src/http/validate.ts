// Body validation: the domain schemas carry the user-facing French messages; anything they do not
// phrase themselves (a wrong type, a missing field) gets a French message naming the field.
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from './app-error';

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

const TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  int: 'un entier',
  boolean: 'un booléen',
  object: 'un objet',
  array: 'une liste',
};

function fieldOf(issue: RawIssue): string {
  const path = (issue.path ?? []).map(String);
  return path.length === 0 ? 'la requête' : `le champ « ${path.join('.')} »`;
}

/** French fallback used only where the schema has no message of its own. */
export const frenchErrorMap: z.core.$ZodErrorMap = (issue) => {
  const field = fieldOf(issue);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `Requête invalide : ${field} est obligatoire`;
      const expected = TYPE_NAMES[String(issue.expected)] ?? String(issue.expected);
      return `Requête invalide : ${field} doit être ${expected}`;
    }
    case 'too_big':
      return `Requête invalide : ${field} est trop long`;
    case 'too_small':
      return `Requête invalide : ${field} est trop court`;
    case 'unrecognized_keys':
      return `Requête invalide : champ inattendu`;
    default:
      return `Requête invalide : ${field} n’est pas valide`;
  }
};

/** First French message of a failed parse, or null when the value is valid. */
export function parseOrMessage<T>(schema: z.ZodType<T>, value: unknown): { data: T } | { message: string } {
  const result = schema.safeParse(value, { error: frenchErrorMap });
  if (result.success) return { data: result.data };
  return { message: result.error.issues[0]?.message ?? 'Requête invalide' };
}

/**
 * Parses the body with a schema (or `quick`, when it answers: RouteSpec.quickBody) and puts the parsed
 * value in res.locals.body (req.body stays as sent, so the session token, which the schemas do not
 * describe, is still readable).
 */
export function validateBody(schema: z.ZodType, quick?: (body: unknown) => unknown): RequestHandler {
  return (req, res, next) => {
    const body: unknown = req.body ?? {};
    const quickly = quick?.(body);
    if (quickly !== undefined) {
      res.locals.body = quickly;
      next();
      return;
    }
    const outcome = parseOrMessage(schema, body);
    if ('message' in outcome) {
      next(AppError.badRequest(outcome.message));
      return;
    }
    res.locals.body = outcome.data;
    next();
  };
}
