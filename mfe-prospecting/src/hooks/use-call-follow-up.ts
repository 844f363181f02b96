import { useCallback, useEffect, useState } from 'react';

type Phase = 'idle' | 'dialling' | 'away' | 'offered';

export type CallFollowUp = {
  /** True once the user is back on the page after following the call link. */
  offered: boolean;
  /** The call link's onClick: from now on, leaving the page and coming back offers the follow-up. */
  handleCallClick: () => void;
  /** The follow-up was recorded or declined. */
  dismiss: () => void;
};

/**
 * Offers to record a call's outcome when the user comes back after a tel: link: on a phone the dialler
 * hides the page (visibilitychange), on a desk the softphone takes the focus (blur, then focus).
 * Coming back without having left (the link did nothing) offers nothing.
 */
export function useCallFollowUp(): CallFollowUp {
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (phase !== 'dialling' && phase !== 'away') return undefined;
    const handleLeave = () => setPhase((current) => (current === 'dialling' ? 'away' : current));
    const handleReturn = () => setPhase((current) => (current === 'away' ? 'offered' : current));
    const handleVisibility = () => {
      if (document.visibilityState === 'hidden') handleLeave();
      else handleReturn();
    };
    document.addEventListener('visibilitychange', handleVisibility);
    window.addEventListener('blur', handleLeave);
    window.addEventListener('focus', handleReturn);
    return () => {
      document.removeEventListener('visibilitychange', handleVisibility);
      window.removeEventListener('blur', handleLeave);
      window.removeEventListener('focus', handleReturn);
    };
  }, [phase]);

  const handleCallClick = useCallback(() => setPhase('dialling'), []);
  const dismiss = useCallback(() => setPhase('idle'), []);
  return { offered: phase === 'offered', handleCallClick, dismiss };
}
