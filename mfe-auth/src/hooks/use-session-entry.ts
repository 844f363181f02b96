import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TokenReply } from '@app/domain';
import { ignoreHandledFailure, useSessionStore } from '@app/platform';
import { useNextPath } from './use-next-path';

/**
 * The common end of login, register and quick sign-up: call the server, keep the session token and
 * go on to `next` (or /dashboard). A failure was already shown by the API client.
 */
export function useSessionEntry() {
  const token = useSessionStore((state) => state.token);
  const signIn = useSessionStore((state) => state.signIn);
  const navigate = useNavigate();
  const { next, destination } = useNextPath();
  const [pending, setPending] = useState(false);

  const enter = async (request: () => Promise<TokenReply>) => {
    setPending(true);
    try {
      const reply = await request();
      signIn(reply.token);
      navigate(destination, { replace: true });
    } catch (error) {
      ignoreHandledFailure(error);
      setPending(false);
    }
  };

  return { signedIn: Boolean(token), next, destination, pending, enter };
}
