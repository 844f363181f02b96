import { useCallback, useState } from 'react';
import { Button } from '@app/platform';
import { LicencesModal } from './licences-modal';

export type LicencesButtonProps = { onAssigned?: () => void };

/** Opens the licence management modal. */
export function LicencesButton({ onAssigned }: LicencesButtonProps) {
  const [open, setOpen] = useState(false);
  const handleClose = useCallback(() => setOpen(false), []);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Gérer les licences
      </Button>
      <LicencesModal open={open} onClose={handleClose} onAssigned={onAssigned} />
    </>
  );
}
