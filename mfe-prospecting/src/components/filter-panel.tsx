import { useCallback, useEffect, useRef } from 'react';
import { FILTER_KINDS, FILTER_KIND_LABELS, findDepartment, type FilterKind } from '@app/domain';
import { Button, usePhoneLayout } from '@app/platform';
import type { FacetSelection } from '../utils/list-filter';
import type { FacetCounts } from '../utils/list-index';
import { FacetGroup } from './facet-group';

export type FilterPanelProps = {
  id: string;
  selection: FacetSelection;
  counts: FacetCounts;
  options: Record<FilterKind, readonly string[]>;
  onToggle: (kind: FilterKind, value: string) => void;
  onClear: () => void;
  /** Under 768 px the panel covers the screen: this closes it ("Voir les résultats"). */
  onClose?: () => void;
};

/** "01" reads "01 – Ain". */
function describeDepartement(code: string): string {
  const department = findDepartment(code);
  return department ? `${department.code} – ${department.name}` : code;
}

/**
 * The five multi-select filters of the list and "Supprimer les filtres". Under 768 px, a full-height
 * sheet that takes the focus and closes with "Voir les résultats" (docs/decisions/phone-layout.md).
 */
export function FilterPanel({
  id,
  selection,
  counts,
  options,
  onToggle,
  onClear,
  onClose,
}: FilterPanelProps) {
  const sheet = usePhoneLayout() && onClose !== undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sheet) heading.current?.focus();
  }, [sheet]);
  const toggleRegion = useCallback((value: string) => onToggle('region', value), [onToggle]);
  const toggleDepartement = useCallback((value: string) => onToggle('departement', value), [onToggle]);
  const toggleCodePostale = useCallback((value: string) => onToggle('codePostale', value), [onToggle]);
  const toggleActivite = useCallback((value: string) => onToggle('libelleactivite', value), [onToggle]);
  const toggleTranche = useCallback((value: string) => onToggle('trancheSalarier', value), [onToggle]);
  const toggles: Record<FilterKind, (value: string) => void> = {
    region: toggleRegion,
    departement: toggleDepartement,
    codePostale: toggleCodePostale,
    libelleactivite: toggleActivite,
    trancheSalarier: toggleTranche,
  };

  return (
    <section
      id={id}
      className={sheet ? 'opportunity-filters opportunity-filters--sheet' : 'opportunity-filters'}
      aria-label="Filtres"
    >
      {sheet && (
        <h2 ref={heading} className="opportunity-filters__title" tabIndex={-1}>
          Filtres
        </h2>
      )}
      <div className="opportunity-filters__groups">
        {FILTER_KINDS.map((kind) => (
          <FacetGroup
            key={kind}
            label={FILTER_KIND_LABELS[kind]}
            options={options[kind]}
            selected={selection[kind]}
            counts={counts[kind]}
            describe={kind === 'departement' ? describeDepartement : undefined}
            onToggle={toggles[kind]}
          />
        ))}
      </div>
      <div className="opportunity-filters__actions">
        <Button variant="secondary" onClick={onClear}>
          Supprimer les filtres
        </Button>
        {sheet && <Button onClick={onClose}>Voir les résultats</Button>}
      </div>
    </section>
  );
}
