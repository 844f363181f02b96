import { Fragment, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatLicencesUsed, isLicenceSelectDisabled, PERMISSION } from '@app/domain';
import { Button, ignoreHandledFailure, Modal, notifySuccess, Spinner, useApiQuery } from '@app/platform';
import { useAccess } from '../../../session/use-access';
import { assignKey } from '../api/assign-key';
import { getAllKeys } from '../api/get-all-keys';
import { getPortalLink } from '../api/get-portal-link';
import { getUsers } from '../api/get-users';
import type { Licence, LicenceHolder } from '../types/licence';
import { licenceDetails, licenceKind } from '../utils/licence-details';
import { SubscriptionSummary } from './subscription-summary';
import '../licences.css';

export const LICENCE_ASSIGNED_MESSAGE = 'Licence attribué avec succès';
const UNASSIGNED = '';

export type LicencesModalProps = {
  open: boolean;
  onClose: () => void;
  /** A licence changed hands: the member list shows it. */
  onAssigned?: () => void;
};

type Loaded = { keys: Licence[]; callerId: string; users: LicenceHolder[] };

/** The licences and the members who may hold them, asked together. */
async function loadLicences(input: { organisationId: string }): Promise<Loaded> {
  const [keys, members] = await Promise.all([getAllKeys(input), getUsers(input)]);
  return { keys: keys.keys, callerId: keys.userId, users: members.users };
}

/** Licence management (SPEC §2, §8): one row per licence, who holds it, its details. */
export function LicencesModal({ open, onClose, onAssigned }: LicencesModalProps) {
  const { organisationId, isOwner, can } = useAccess();
  const navigate = useNavigate();
  // Asked each time the modal opens (closed, nobody reads it and the cache forgets it).
  const query = useApiQuery(loadLicences, open && organisationId ? { organisationId } : null, {
    key: 'stripe/getAllKey+organisation/getUsers',
  });
  const loaded = query.error !== undefined ? null : (query.data ?? null);
  const { setData: setLoaded } = query;
  const [saving, setSaving] = useState<string | null>(null);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const canAssign = can(PERMISSION.EDIT_PERMISSIONS);

  // SPEC §8: a failed getUsers closes the modal; the client has shown the server's message.
  const failed = query.error !== undefined;
  useEffect(() => {
    if (open && failed) onClose();
  }, [open, failed, onClose]);

  useEffect(() => {
    if (!open) return undefined;
    return () => setDetailsOf(null);
  }, [open]);

  // SPEC §7: the portal link opens in a new tab. The tab is opened at once (a browser blocks a
  // window opened after an await), then sent to the link.
  const handleOpenPortal = async (licence: Licence) => {
    if (!organisationId) return;
    const tab = window.open('', '_blank');
    try {
      const { link } = await getPortalLink({ organisationId, keyId: licence._id });
      if (tab) {
        tab.opener = null;
        tab.location.href = link;
      } else {
        window.location.assign(link);
      }
    } catch (failure) {
      tab?.close();
      ignoreHandledFailure(failure);
    }
  };

  const handleAssign = async (licence: Licence, userId: string) => {
    if (!organisationId || !loaded) return;
    const previous = loaded;
    const holder = userId === UNASSIGNED ? null : userId;
    setLoaded({
      ...loaded,
      keys: loaded.keys.map((key) => (key._id === licence._id ? { ...key, userId: holder } : key)),
    });
    setSaving(licence._id);
    try {
      await assignKey({ organisationId, keyId: licence._id, userId: holder });
      notifySuccess(LICENCE_ASSIGNED_MESSAGE);
      onAssigned?.();
    } catch (failure) {
      // SPEC §8: a refused assignment puts the previous holder back; the server's message is shown.
      setLoaded(previous);
      ignoreHandledFailure(failure);
    } finally {
      setSaving(null);
    }
  };

  const holderName = (licence: Licence) =>
    loaded?.users.find((user) => user._id === licence.userId)?.username ?? 'Non attribué';

  return (
    <Modal open={open} title="Gestion des licences" onClose={onClose}>
      {loaded === null ? (
        <Spinner />
      ) : (
        <>
          <p className="licences__used">{formatLicencesUsed(loaded.keys)}</p>
          {isOwner && organisationId ? <SubscriptionSummary organisationId={organisationId} /> : null}
          <ul className="licences__list">
            {loaded.keys.map((licence, index) => {
              const name = `Licence ${index + 1}`;
              const showDetails = detailsOf === licence._id;
              const detailsId = `licence-details-${licence._id}`;
              return (
                <li key={licence._id} className="licences__row">
                  <span className="licences__name">{name}</span>
                  <LicenceBadge licence={licence} />
                  {canAssign ? (
                    <select
                      className="settings-select"
                      aria-label={`Titulaire de la ${name.toLowerCase()}`}
                      value={licence.userId ?? UNASSIGNED}
                      disabled={saving === licence._id || isLicenceSelectDisabled(licence, loaded.callerId)}
                      onChange={(event) => void handleAssign(licence, event.target.value)}
                    >
                      <option value={UNASSIGNED}>Non attribué</option>
                      {loaded.users.map((user) => (
                        <option key={user._id} value={user._id}>
                          {user.username}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span>{holderName(licence)}</span>
                  )}
                  <Button
                    variant="ghost"
                    aria-expanded={showDetails}
                    aria-controls={detailsId}
                    aria-label={`Voir les details de la ${name.toLowerCase()}`}
                    onClick={() => setDetailsOf(showDetails ? null : licence._id)}
                  >
                    Voir les details
                  </Button>
                  {showDetails ? (
                    <dl id={detailsId} className="licences__details">
                      {licenceDetails(licence).map((detail) => (
                        <Fragment key={detail.label}>
                          <dt>{detail.label}</dt>
                          <dd>{detail.value}</dd>
                        </Fragment>
                      ))}
                      {isOwner && !licence.trial ? (
                        <dd className="licences__portal">
                          <Button variant="secondary" onClick={() => void handleOpenPortal(licence)}>
                            Gérer l’abonnement
                          </Button>
                        </dd>
                      ) : null}
                    </dl>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {isOwner ? (
            <div className="settings-actions">
              <Button variant="secondary" onClick={() => navigate('/dashboard/paiement/new')}>
                + Ajouter nouvelle licence
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Modal>
  );
}

/** Tells a trial key (and its end) from a paid one at a glance. */
function LicenceBadge({ licence }: { licence: Licence }) {
  const [now] = useState(() => Date.now());
  const kind = licenceKind(licence, now);
  return (
    <span className="licences__kind">
      <span className={`licences__badge licences__badge--${kind.badge === 'Essai' ? 'trial' : 'paid'}`}>
        {kind.badge}
      </span>
      {kind.until ? <span className="licences__until">{kind.until}</span> : null}
    </span>
  );
}
