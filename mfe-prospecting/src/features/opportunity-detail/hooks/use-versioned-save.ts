import { useState } from 'react';
import { type EditStamp, type OpportunityReply, type OpportunityView, STALE_VERSION_CODE } from '@app/domain';
import { ApiError, ignoreHandledFailure, notifyError, useSessionStore } from '@app/platform';
import { getOpportunity } from '../api/get-opportunity';
import type { FieldDifference } from '../utils/version-differences';

/** A save refused because a colleague saved first: their document, and what differs from ours. */
export type VersionConflict = {
  current: OpportunityView;
  differences: FieldDifference[];
  /** Who saved it, as the dialog names them. */
  author: string;
  /** When (epoch ms), when known. */
  at?: number;
};

export type VersionedSaveOptions<TData> = {
  opportunityId: string;
  /** The version the form was opened with (undefined: a document the server has not versioned). */
  version: number | undefined;
  /** The edited document's version stamp within an opportunity (the prospect's or the opportunity's). */
  stampOf: (opportunity: OpportunityView) => EditStamp;
  send: (data: TData, version: number | undefined) => Promise<OpportunityReply>;
  differences: (data: TData, current: OpportunityView) => FieldDifference[];
  onSaved: (opportunity: OpportunityView) => void;
};

/** Saves that never overwrite a colleague's change unseen (docs/decisions/edit-conflicts.md). */
export function useVersionedSave<TData>(options: VersionedSaveOptions<TData>) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  const [pending, setPending] = useState<TData | null>(null);

  const attempt = async (data: TData, version: number | undefined): Promise<void> => {
    try {
      const { opportunity } = await options.send(data, version);
      setConflict(null);
      options.onSaved(opportunity);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      if (failure.code !== STALE_VERSION_CODE || !organisationId) {
        notifyError(failure.message);
        return;
      }
      const { opportunity: current } = await getOpportunity({
        organisationId,
        opportunityId: options.opportunityId,
      });
      const stamp = options.stampOf(current);
      const differences = options.differences(data, current);
      // The colleague changed nothing this form holds (a state, another field): saving loses nothing.
      if (differences.length === 0 && stamp.version !== version) {
        await attempt(data, stamp.version);
        return;
      }
      setPending(data);
      setConflict({
        current,
        differences,
        author: stamp.modifiedBy?.username || 'un collaborateur',
        ...(stamp.modifiedAt === undefined ? {} : { at: stamp.modifiedAt }),
      });
    }
  };

  const run = async (work: () => Promise<void>) => {
    setSaving(true);
    try {
      await work();
    } catch (failure) {
      // Shown already (toast, redirect); anything else is a bug and surfaces.
      ignoreHandledFailure(failure);
    } finally {
      setSaving(false);
    }
  };

  return {
    saving,
    conflict,
    save: (data: TData) => run(() => attempt(data, options.version)),
    /** "Garder ma version": the same values, sent over the colleague's version now seen. */
    keepMine: () => {
      if (!conflict || pending === null) return Promise.resolve();
      const { version } = options.stampOf(conflict.current);
      return run(() => attempt(pending, version));
    },
    /** Back to the form, the values typed kept. */
    dismiss: () => setConflict(null),
  };
}
