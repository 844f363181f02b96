import { useMemo, useState } from 'react';
import {
  DUPLICATE_POLICIES,
  EMPTY_VALUE,
  guessMapping,
  IMPORT_TARGETS,
  normaliseProspectRow,
  type DuplicatePolicy,
  type ImportOptions,
  type ProspectField,
} from '@app/domain';
import { Button, Select } from '@app/platform';
import { usePreCount } from '../hooks/use-pre-count';
import type { FileParser } from '../utils/file-parser';
import type { ParseSummary } from '../utils/import-session';
import { formatCount } from '../utils/format-count';
import { rowObject } from '../utils/row-batches';

export type MappingChoice = {
  mapping: Record<ProspectField, string>;
  options: ImportOptions;
  duplicates: DuplicatePolicy;
};

export type MappingStepProps = {
  summary: ParseSummary;
  initial: MappingChoice | null;
  getParser: () => Promise<FileParser>;
  onBack: () => void;
  onSubmit: (choice: MappingChoice) => void;
};

const PREVIEW_ROWS = 2;

const DUPLICATE_LABELS: Record<DuplicatePolicy, string> = {
  skip: 'Ignorer les doublons',
  keep: 'Importer aussi les doublons',
};

export function initialMappingChoice(headers: readonly string[]): MappingChoice {
  return {
    mapping: guessMapping(headers),
    options: { keepTitle: true, removeRowsWithout: [] },
    duplicates: 'skip',
  };
}

/**
 * Step 3: a source column (or 'Aucun') for each target, pre-selected from the headers; keep the
 * unmapped columns; drop rows missing a field; skip or keep duplicates; and two rows as stored.
 */
export function MappingStep({ summary, initial, getParser, onBack, onSubmit }: MappingStepProps) {
  const [choice, setChoice] = useState<MappingChoice>(() => initial ?? initialMappingChoice(summary.headers));
  const preCount = usePreCount(getParser, choice.mapping, choice.options);
  const columnOptions = useMemo(
    () => [
      { value: EMPTY_VALUE, label: EMPTY_VALUE },
      ...summary.headers.map((header) => ({ value: header, label: header })),
    ],
    [summary.headers],
  );
  const preview = useMemo(
    () =>
      summary.sample.slice(0, PREVIEW_ROWS).map((cells) =>
        normaliseProspectRow(rowObject(summary.headers, cells), choice.mapping, {
          keepTitle: choice.options.keepTitle,
        }),
      ),
    [summary, choice.mapping, choice.options.keepTitle],
  );

  const handleColumnChange = (field: ProspectField, column: string) =>
    setChoice((current) => ({ ...current, mapping: { ...current.mapping, [field]: column } }));

  const handleRemoveRowChange = (field: ProspectField, checked: boolean) =>
    setChoice((current) => {
      const others = current.options.removeRowsWithout.filter((item) => item !== field);
      return {
        ...current,
        options: { ...current.options, removeRowsWithout: checked ? [...others, field] : others },
      };
    });

  return (
    <div className="import-step import-mapping">
      <fieldset className="import-mapping__targets">
        <legend>Correspondance des colonnes</legend>
        {IMPORT_TARGETS.map(({ field, label }) => (
          <div key={field} className="import-mapping__row">
            <Select
              label={label}
              options={columnOptions}
              value={choice.mapping[field]}
              onChange={(column) => handleColumnChange(field, column)}
            />
            <label className="import-checkbox">
              <input
                type="checkbox"
                aria-label={`Supprimer la ligne si vide : ${label}`}
                checked={choice.options.removeRowsWithout.includes(field)}
                onChange={(event) => handleRemoveRowChange(field, event.target.checked)}
              />
              <span aria-hidden="true">Supprimer la ligne si vide</span>
            </label>
          </div>
        ))}
      </fieldset>

      <label className="import-checkbox">
        <input
          type="checkbox"
          checked={choice.options.keepTitle}
          onChange={(event) =>
            setChoice((current) => ({
              ...current,
              options: { ...current.options, keepTitle: event.target.checked },
            }))
          }
        />
        Conserver les titres (les colonnes sans correspondance sont gardées comme champs supplémentaires)
      </label>

      <fieldset className="import-access">
        <legend>Doublons</legend>
        <p className="import-hint" aria-live="polite">
          {preCount === null
            ? 'Recherche des doublons…'
            : `Le fichier contient ${formatCount(preCount.duplicatesInFile)} doublon(s) ; ${formatCount(preCount.rejected)} ligne(s) seront rejetées.`}
        </p>
        {DUPLICATE_POLICIES.map((policy) => (
          <label key={policy} className="import-radio">
            <input
              type="radio"
              name="import-duplicates"
              checked={choice.duplicates === policy}
              onChange={() => setChoice((current) => ({ ...current, duplicates: policy }))}
            />
            {DUPLICATE_LABELS[policy]}
          </label>
        ))}
      </fieldset>

      {/* Focusable so that a keyboard can scroll the preview sideways. */}
      <div className="import-table-scroll" role="region" aria-label="Aperçu" tabIndex={0}>
        <table className="import-table">
          <caption>Aperçu ({preview.length} lignes telles qu’elles seront enregistrées)</caption>
          <thead>
            <tr>
              <th scope="col">Champ</th>
              {preview.map((_, index) => (
                <th key={index} scope="col">
                  Ligne {index + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {IMPORT_TARGETS.map(({ field, label }) => (
              <tr key={field}>
                <th scope="row">{label}</th>
                {preview.map((draft, index) => (
                  <td key={index}>{draft[field]}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Département</th>
              {preview.map((draft, index) => (
                <td key={index}>{draft.departement}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Région</th>
              {preview.map((draft, index) => (
                <td key={index}>{draft.region}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>

      <div className="import-actions">
        <Button variant="secondary" onClick={onBack}>
          Retour
        </Button>
        <Button onClick={() => onSubmit(choice)}>Importer</Button>
      </div>
    </div>
  );
}
