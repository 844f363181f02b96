import { memo, useId, useMemo, useState } from 'react';
import { formatNumber, normaliseSearch } from '@app/domain';

/** Options listed at once; beyond that the user narrows them with the group's search box. */
export const MAX_LISTED_OPTIONS = 100;
/** Groups with more options than this get a search box. */
const SEARCHABLE_FROM = 8;

export type FacetGroupProps = {
  label: string;
  options: readonly string[];
  selected: readonly string[];
  counts: ReadonlyMap<string, number>;
  /** How an option reads (a département code with its name, for example). */
  describe?: (value: string) => string;
  onToggle: (value: string) => void;
};

/** One filter kind: its options as checkboxes, each with its live count. */
export const FacetGroup = memo(function FacetGroup({
  label,
  options,
  selected,
  counts,
  describe = (value) => value,
  onToggle,
}: FacetGroupProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const chosen = useMemo(() => new Set(selected), [selected]);
  const listed = useMemo(() => {
    const wanted = normaliseSearch(query);
    const matching = wanted
      ? options.filter((option) => normaliseSearch(describe(option)).includes(wanted))
      : options;
    // Ticked options stay in view even when the search or the cap would hide them.
    const first = matching.slice(0, MAX_LISTED_OPTIONS);
    const ticked = selected.filter((value) => !first.includes(value) && options.includes(value));
    return { shown: [...ticked, ...first], hidden: Math.max(0, matching.length - first.length) };
  }, [options, selected, query, describe]);

  return (
    <fieldset className="opportunity-facet">
      <legend>
        {label}
        {selected.length > 0 && <span className="opportunity-facet__chosen"> ({selected.length})</span>}
      </legend>
      {options.length > SEARCHABLE_FROM && (
        <>
          <label htmlFor={searchId} className="opportunity-sr-only">
            Chercher dans {label}
          </label>
          <input
            id={searchId}
            type="search"
            className="opportunity-facet__search"
            placeholder="Chercher…"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </>
      )}
      <ul className="opportunity-facet__options">
        {listed.shown.map((option) => {
          const count = counts.get(option) ?? 0;
          const isChosen = chosen.has(option);
          return (
            <li key={option}>
              <label className={count === 0 && !isChosen ? 'opportunity-facet__option--empty' : undefined}>
                <input type="checkbox" checked={isChosen} onChange={() => onToggle(option)} />
                <span className="opportunity-facet__name">{describe(option)}</span>
                <span className="opportunity-facet__count">{formatNumber(count)}</span>
              </label>
            </li>
          );
        })}
        {listed.shown.length === 0 && <li className="opportunity-card__muted">Aucune option</li>}
      </ul>
      {listed.hidden > 0 && (
        <p className="opportunity-facet__more">
          {formatNumber(listed.hidden)} autres : affinez la recherche
        </p>
      )}
    </fieldset>
  );
});
