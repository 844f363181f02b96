// The one error handler: every failure becomes { message } in French with the right status,
// never a stack trace. Unknown errors are logged with the request id and answered 500.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type {} from './request-logger';
import { DuplicateKeyError } from '../db/errors';
import { AppError } from './app-error';

type BodyParserError = Error & { type?: string; status?: number; expose?: boolean };

const BODY_PARSER_ERRORS: Record<string, AppError> = {
  'entity.parse.failed': new AppError(400, 'Requête invalide : JSON mal formé', 'INVALID_JSON'),
  'entity.too.large': new AppError(413, 'Requête trop volumineuse', 'PAYLOAD_TOO_LARGE'),
  'parameters.too.many': new AppError(413, 'Requête trop volumineuse', 'PAYLOAD_TOO_LARGE'),
  'encoding.unsupported': new AppError(
    415,
    'Encodage de la requête non pris en charge',
    'UNSUPPORTED_MEDIA_TYPE',
  ),
  'charset.unsupported': new AppError(
    415,
    'Jeu de caractères de la requête non pris en charge',
    'UNSUPPORTED_MEDIA_TYPE',
  ),
  'request.aborted': new AppError(400, 'Requête interrompue', 'BAD_REQUEST'),
  'request.size.invalid': new AppError(400, 'Requête invalide : taille incohérente', 'BAD_REQUEST'),
};

export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof DuplicateKeyError) {
    return new AppError(409, 'Cet élément existe déjà', 'CONFLICT');
  }
  const type = (error as BodyParserError | null)?.type;
  if (typeof type === 'string' && BODY_PARSER_ERRORS[type]) return BODY_PARSER_ERRORS[type];
  return null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) req.log.error({ err: error }, known.message);
      res.status(known.status).json({ ...known.details, message: known.message, code: known.code });
      return;
    }
    (req.log ?? logger).error({ err: error }, 'Erreur non gérée');
    res
      .status(500)
      .json({ message: 'Erreur interne du serveur, veuillez réessayer plus tard', code: 'INTERNAL' });
  };
}

/** Unknown /api route. */
export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new AppError(404, 'Ressource introuvable', 'NOT_FOUND'));
};

/** Logs what escaped every handler; the process keeps serving (a rejection is a bug to fix, not a crash). */
export function installProcessHandlers(logger: Logger): void {
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'Promesse rejetée non gérée');
  });
}
