import { useState, type DragEvent } from 'react';
import { latlngPrecisionMention, OFFLINE_POSITIONS_ATTRIBUTION } from '@app/domain';
import { Button } from '@app/platform';
import { CallLink } from '../../../components/call-link';
import { MailLink } from '../../../components/mail-link';
import { formatKm } from '../utils/geo';
import type { RoundLeg } from '../utils/round-legs';

export type StopListProps = {
  legs: readonly RoundLeg[];
  onMove: (from: number, to: number) => void;
};

/**
 * The stops in visiting order with each leg's distance. Reordered by dragging a row onto another,
 * or with "Monter" / "Descendre" (keyboard and screen readers).
 */
export function StopList({ legs, onMove }: StopListProps) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const handleDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = dragged ?? Number(event.dataTransfer.getData('text/plain'));
    if (Number.isInteger(from) && from !== index) onMove(from, index);
    setDragged(null);
    setOver(null);
  };

  return (
    <ol className="round-stops" aria-label="Étapes de la tournée">
      {legs.map((leg, index) => (
        <li
          key={leg.stop.opportunityId}
          className={['round-stops__item', over === index ? 'round-stops__item--over' : ''].join(' ')}
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData('text/plain', String(index));
            event.dataTransfer.effectAllowed = 'move';
            setDragged(index);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(index);
          }}
          onDragLeave={() => setOver(null)}
          onDrop={(event) => handleDrop(event, index)}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
        >
          <span className="round-stops__number" aria-hidden="true">
            {leg.number}
          </span>
          <span className="round-stops__text">
            <span className="round-stops__name">
              <span className="rounds-sr-only">Étape {leg.number} : </span>
              {leg.stop.name || 'Sans nom'}
            </span>
            <span className="round-stops__address">{leg.stop.address}</span>
            {(leg.stop.phone || leg.stop.email) && (
              <span className="round-stops__contact">
                {leg.stop.phone && (
                  <CallLink
                    phone={leg.stop.phone}
                    opportunityId={leg.stop.opportunityId}
                    callee={leg.stop.name || 'Sans nom'}
                  />
                )}
                {leg.stop.phone && leg.stop.email && ' · '}
                {leg.stop.email && <MailLink mail={leg.stop.email} />}
              </span>
            )}
            {leg.stop.latlngPrecision && leg.stop.latlngPrecision !== 'address' && (
              <span className="round-stops__precision" title={OFFLINE_POSITIONS_ATTRIBUTION}>
                {latlngPrecisionMention(leg.stop.latlngPrecision)}
              </span>
            )}
          </span>
          <span className="round-stops__distance">
            {formatKm(leg.km)}
            <span className="round-stops__cumulative"> (cumul {formatKm(leg.cumulativeKm)})</span>
          </span>
          <span className="round-stops__moves round-no-print">
            <Button
              variant="ghost"
              onClick={() => onMove(index, index - 1)}
              disabled={index === 0}
              aria-label={`Monter l’étape ${leg.number} (${leg.stop.name})`}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              onClick={() => onMove(index, index + 1)}
              disabled={index === legs.length - 1}
              aria-label={`Descendre l’étape ${leg.number} (${leg.stop.name})`}
            >
              ↓
            </Button>
          </span>
        </li>
      ))}
    </ol>
  );
}
