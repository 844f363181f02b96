// The one error type of the API: an HTTP status, a French message for the user, a stable code for programs.
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_JSON'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'STALE_VERSION'
  | 'ROWS_MISSING'
  | 'IMPORT_BUSY'
  | 'GONE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'MAIL_FAILED'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'INTERNAL';

export class AppError extends Error {
  /** Sent beside `message` and `code` (a stale version's 409 carries the current document). */
  readonly details?: Record<string, unknown>;

  constructor(
    readonly status: number,
    message: string,
    readonly code: AppErrorCode,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options);
    if (options?.details) this.details = options.details;
    this.name = 'AppError';
  }

  static badRequest(message: string): AppError {
    return new AppError(400, message, 'BAD_REQUEST');
  }

  static unauthenticated(message = 'Session invalide ou expirée, veuillez vous reconnecter'): AppError {
    return new AppError(401, message, 'UNAUTHENTICATED');
  }

  static forbidden(message = 'Vous n’avez pas les droits nécessaires pour cette action'): AppError {
    return new AppError(403, message, 'FORBIDDEN');
  }

  static notFound(message: string): AppError {
    return new AppError(404, message, 'NOT_FOUND');
  }

  /** A 409; `code` tells a client which conflicts it may resolve by sending the call again. */
  static conflict(message: string, code: 'CONFLICT' | 'ROWS_MISSING' | 'IMPORT_BUSY' = 'CONFLICT'): AppError {
    return new AppError(409, message, code);
  }

  /** An edit sent with a version the document no longer has: nothing was changed (edit-conflicts.md). */
  static staleVersion(message: string, current: Record<string, unknown>): AppError {
    return new AppError(409, message, 'STALE_VERSION', { details: current });
  }

  static gone(message: string): AppError {
    return new AppError(410, message, 'GONE');
  }
}
