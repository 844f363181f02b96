/** SPEC.md §9: forgot and reset go back to /login 2 s after showing the server's message. */
export const MESSAGE_REDIRECT_DELAY_MS = 2000;

/** SPEC.md §9: an accepted invitation goes to /dashboard after 5 s. */
export const INVITATION_REDIRECT_DELAY_MS = 5000;
