import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isPrivateAccess, noFileMessage, type ImportAccess } from '@app/domain';
import { Button, Modal, notifyError, useSessionStore } from '@app/platform';
import { useFileParser } from '../hooks/use-file-parser';
import { useImportUpload } from '../hooks/use-import-upload';
import { downloadRejectedRows } from '../utils/download-rejected-rows';
import { formatCount } from '../utils/format-count';
import { EnrichmentSummary } from './enrichment-summary';
import { FileStep } from './file-step';
import { ImportSummary } from './import-summary';
import { MappingStep, type MappingChoice } from './mapping-step';
import { ProgressBar } from './progress-bar';
import { TitleStep, type TitleChoice } from './title-step';
import '../import.css';

export type ImportModalProps = {
  open: boolean;
  onClose: () => void;
};

type Step = 'file' | 'title' | 'mapping';

const STEPS: { id: Step; label: string }[] = [
  { id: 'file', label: 'Fichier' },
  { id: 'title', label: 'Titre et accès' },
  { id: 'mapping', label: 'Colonnes' },
];

export const FILES_LIST_PATH = '/dashboard/prospect/list';
const DOWNLOAD_FAILED_MESSAGE = 'Le fichier des lignes rejetées n’a pas pu être créé';
const NO_ORGANISATION_MESSAGE = 'Choisissez d’abord une organisation';

/** The three-step import (SPEC §2 "CSV import modal"), then its progress and its summary. */
export function ImportModal({ open, onClose }: ImportModalProps) {
  const navigate = useNavigate();
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const { state: parseState, parse, getParser } = useFileParser();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('file');
  const [title, setTitle] = useState<{ title: string; access: ImportAccess | '' }>({ title: '', access: '' });
  const [mappingChoice, setMappingChoice] = useState<MappingChoice | null>(null);
  // On success the files list (re)loads behind the summary.
  const upload = useImportUpload((excelId) =>
    navigate(FILES_LIST_PATH, { state: { importedExcelId: excelId } }),
  );

  const handleParse = (chosen: File, settings: Parameters<typeof parse>[1]) => {
    if (chosen !== file) setMappingChoice(null);
    setFile(chosen);
    void parse(chosen, settings);
  };

  const handleTitle = (choice: TitleChoice) => {
    setTitle(choice);
    setStep('mapping');
  };

  const handleImport = async (choice: MappingChoice) => {
    if (parseState.phase !== 'parsed') return;
    if (!organisationId) {
      notifyError(NO_ORGANISATION_MESSAGE);
      return;
    }
    setMappingChoice(choice);
    const parser = await getParser();
    await upload.start(
      {
        organisationId,
        name: title.title,
        isPrivate: isPrivateAccess(title.access as ImportAccess),
        mapping: choice.mapping,
        options: choice.options,
        duplicates: choice.duplicates,
        headers: parseState.summary.headers,
        rowCount: parseState.summary.rowCount,
      },
      parser,
    );
  };

  const handleDownload = async () => {
    if (upload.state.phase !== 'done' || parseState.phase !== 'parsed') return;
    try {
      await downloadRejectedRows(
        await getParser(),
        parseState.summary.headers,
        upload.state.summary.rejected,
        title.title,
      );
    } catch {
      notifyError(DOWNLOAD_FAILED_MESSAGE);
    }
  };

  const uploading = upload.state.phase === 'uploading';
  const handleClose = () => {
    if (uploading) upload.cancel();
    onClose();
  };

  return (
    <Modal open={open} title="Importer un fichier" onClose={handleClose}>
      <div className="import-wizard">
        {upload.state.phase === 'idle' && (
          <ol className="import-steps">
            {STEPS.map(({ id, label }, index) => (
              <li key={id} aria-current={id === step ? 'step' : undefined}>
                {index + 1}. {label}
              </li>
            ))}
          </ol>
        )}

        {upload.state.phase === 'idle' && step === 'file' && (
          <FileStep state={parseState} file={file} onParse={handleParse} onNext={() => setStep('title')} />
        )}
        {upload.state.phase === 'idle' && step === 'title' && (
          <TitleStep initial={title} onBack={() => setStep('file')} onNext={handleTitle} />
        )}
        {upload.state.phase === 'idle' && step === 'mapping' && parseState.phase === 'parsed' && (
          <MappingStep
            summary={parseState.summary}
            initial={mappingChoice}
            getParser={getParser}
            onBack={() => setStep('title')}
            onSubmit={(choice) => void handleImport(choice)}
          />
        )}

        {upload.state.phase === 'uploading' && (
          <div className="import-step">
            <ProgressBar
              label="Envoi des lignes"
              fraction={upload.state.sent / Math.max(1, upload.state.total)}
              detail={`${formatCount(upload.state.sent)} / ${formatCount(upload.state.total)} lignes envoyées`}
            />
            <div className="import-actions">
              <Button variant="secondary" onClick={upload.cancel} disabled={upload.state.cancelling}>
                {upload.state.cancelling ? 'Annulation…' : 'Annuler'}
              </Button>
            </div>
          </div>
        )}

        {upload.state.phase === 'cancelled' && (
          <div className="import-step">
            <p role="status">Import annulé : aucune ligne n’a été enregistrée.</p>
            <div className="import-actions">
              <Button onClick={onClose}>Fermer</Button>
            </div>
          </div>
        )}

        {upload.state.phase === 'failed' && (
          <div className="import-step">
            <p className="import-error" role="alert">
              {upload.state.message}
            </p>
            <div className="import-actions">
              <Button onClick={onClose}>Fermer</Button>
            </div>
          </div>
        )}

        {upload.state.phase === 'done' && (
          <ImportSummary
            summary={upload.state.summary}
            noFileMessage={noFileMessage(upload.state)}
            onDownloadRejected={() => void handleDownload()}
            onClose={onClose}
            enrichment={
              organisationId &&
              upload.state.excelId !== null && (
                <EnrichmentSummary organisationId={organisationId} excelId={upload.state.excelId} />
              )
            }
          />
        )}
      </div>
    </Modal>
  );
}
