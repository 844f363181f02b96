// The one error type of the API: an HTTP status, a French message for the user, a stable code for programs.
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_JSON'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'GONE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'MAIL_FAILED'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'INTERNAL';

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: AppErrorCode,
    options?: { cause?: unknown },
  ) {
    super(message, options);
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

  static conflict(message: string): AppError {
    return new AppError(409, message, 'CONFLICT');
  }

  static gone(message: string): AppError {
    return new AppError(410, message, 'GONE');
  }
}
