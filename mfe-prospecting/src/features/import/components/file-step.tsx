import { useState, type ChangeEvent } from 'react';
import {
  DELIMITER_LABELS,
  DELIMITERS,
  FILE_ENCODING_LABELS,
  FILE_ENCODINGS,
  type Delimiter,
  type FileEncoding,
} from '@app/domain';
import { Button, Select } from '@app/platform';
import type { ParseState } from '../hooks/use-file-parser';
import { formatCount } from '../utils/format-count';
import { AUTO_SETTINGS, type ParseSettings } from '../utils/parse-file';
import { ProgressBar } from './progress-bar';

export type FileStepProps = {
  state: ParseState;
  file: File | null;
  onParse: (file: File, settings: ParseSettings) => void;
  onNext: () => void;
};

const PREVIEW_ROWS = 3;

const ENCODING_OPTIONS = FILE_ENCODINGS.map((value) => ({ value, label: FILE_ENCODING_LABELS[value] }));
const DELIMITER_OPTIONS = DELIMITERS.map((value) => ({ value, label: DELIMITER_LABELS[value] }));

/** Step 1: the file, how it was read (encoding and delimiter, correctable) and its first rows. */
export function FileStep({ state, file, onParse, onNext }: FileStepProps) {
  const [settings, setSettings] = useState<ParseSettings>(AUTO_SETTINGS);

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setSettings(AUTO_SETTINGS);
    onParse(chosen, AUTO_SETTINGS);
  };

  const handleSettingChange = (change: Partial<ParseSettings>) => {
    if (!file || state.phase !== 'parsed') return;
    const next = {
      encoding: change.encoding ?? state.summary.encoding ?? 'auto',
      delimiter: change.delimiter ?? state.summary.delimiter ?? 'auto',
    };
    setSettings(next);
    onParse(file, next);
  };

  const parsing = state.phase === 'parsing';
  return (
    <div className="import-step">
      <div className="ui-field">
        <label htmlFor="import-file">Fichier (.csv ou .xlsx)</label>
        <input
          id="import-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={handleFileChange}
          disabled={parsing}
        />
      </div>

      {state.phase === 'parsing' && (
        <ProgressBar
          label="Lecture du fichier"
          fraction={state.fraction}
          detail={`${formatCount(state.rows)} lignes lues`}
        />
      )}

      {state.phase === 'failed' && (
        <p className="import-error" role="alert">
          {state.message}
        </p>
      )}

      {state.phase === 'parsed' && (
        <>
          <p className="import-file-summary">
            {formatCount(state.summary.rowCount)} lignes, {state.summary.headers.length} colonnes
          </p>
          {state.summary.kind === 'csv' && (
            <div className="import-settings">
              <Select
                label="Encodage"
                options={ENCODING_OPTIONS}
                value={state.summary.encoding ?? settings.encoding}
                onChange={(value) => handleSettingChange({ encoding: value as FileEncoding })}
              />
              <Select
                label="Séparateur"
                options={DELIMITER_OPTIONS}
                value={state.summary.delimiter ?? settings.delimiter}
                onChange={(value) => handleSettingChange({ delimiter: value as Delimiter })}
              />
            </div>
          )}
          {/* Focusable so that a keyboard can scroll a wide file sideways. */}
          <div className="import-table-scroll" role="region" aria-label="Premières lignes" tabIndex={0}>
            <table className="import-table">
              <caption>Premières lignes du fichier</caption>
              <thead>
                <tr>
                  {state.summary.headers.map((header) => (
                    <th key={header} scope="col">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {state.summary.sample.slice(0, PREVIEW_ROWS).map((row, index) => (
                  <tr key={index}>
                    {state.summary.headers.map((header, column) => (
                      <td key={header}>{row[column]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <div className="import-actions">
        <Button onClick={onNext} disabled={state.phase !== 'parsed'}>
          Suivant
        </Button>
      </div>
    </div>
  );
}
