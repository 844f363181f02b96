export const NETWORK_ERROR_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion internet.';
export const TIMEOUT_ERROR_MESSAGE = 'Le serveur met trop de temps à répondre. Réessayez dans un instant.';
export const UNKNOWN_ERROR_MESSAGE = 'Une erreur inattendue est survenue.';

/** A failed call, already shown to the user (toast) unless the call asked to stay silent. */
export class ApiError extends Error {
  readonly status: number | null;
  /** The server's stable code (`FORBIDDEN`, `IDEMPOTENCY_IN_PROGRESS`…), when it sent one. */
  readonly code: string | null;

  constructor(message: string, status: number | null, code: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** A 269 reply: the client has already navigated to `redirect`. */
export class ApiRedirect extends Error {
  readonly redirect: string;

  constructor(redirect: string) {
    super(`Redirection vers ${redirect}`);
    this.name = 'ApiRedirect';
    this.redirect = redirect;
  }
}
