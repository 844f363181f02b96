import { useState } from 'react';
import {
  formatDate,
  type LatLngPrecision,
  latlngPrecisionMention,
  OFFLINE_POSITIONS_ATTRIBUTION,
  type ProspectView,
} from '@app/domain';
import { Button, ignoreHandledFailure, useSessionStore } from '@app/platform';
import { setLatLng } from '../../../api/set-lat-lng';
import { mapHref } from '../utils/tool-links';

export type DetailFooterProps = {
  creationDate: number;
  prospect: ProspectView;
  onLocated: (latlng: string, latlngPrecision: LatLngPrecision) => void;
};

/**
 * Creation date, the position's precision and the map. With a stored 'lat/lng' the button is a plain
 * link; without one it geocodes the address first (/api/prospect/setLatLng, whose French refusal apiPost
 * shows), then opens it.
 */
export function DetailFooter({ creationDate, prospect, onLocated }: DetailFooterProps) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const [locating, setLocating] = useState(false);
  const href = mapHref(prospect.latlng);
  // "Position : centre de la commune": how far the map's pin may be from the address.
  const precision = href ? latlngPrecisionMention(prospect.latlngPrecision) : null;

  const handleLocate = async () => {
    if (!organisationId) return;
    setLocating(true);
    try {
      const { latlng, latlngPrecision } = await setLatLng({ organisationId, prospectId: prospect._id });
      onLocated(latlng, latlngPrecision);
      const located = mapHref(latlng);
      if (located) window.open(located, '_blank', 'noopener,noreferrer');
    } catch (error) {
      ignoreHandledFailure(error);
    } finally {
      setLocating(false);
    }
  };

  return (
    <footer className="detail-footer">
      <p>Créée le {formatDate(creationDate)}</p>
      {precision && (
        <p
          className="detail-footer__precision"
          title={prospect.latlngPrecision === 'address' ? undefined : OFFLINE_POSITIONS_ATTRIBUTION}
        >
          {precision}
        </p>
      )}
      {href ? (
        <a className="ui-button ui-button--secondary" href={href} target="_blank" rel="noopener noreferrer">
          Ouvrir la carte
        </a>
      ) : (
        <Button variant="secondary" onClick={handleLocate} disabled={locating}>
          {locating ? 'Localisation…' : 'Ouvrir la carte'}
        </Button>
      )}
    </footer>
  );
}
