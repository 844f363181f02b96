import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDate, progressPercent, type ProspectFileRow } from '@app/domain';
import { FILE_COLUMNS, FILE_TAG } from '../utils/file-columns';
import { formatCount, formatPercent } from '../utils/format-percent';
import { LineIcon } from './line-icon';
import { PrivateMark } from './private-mark';

/** The files and the delete action, as the desk table takes them. */
export type ProspectFilesTableProps = {
  files: readonly ProspectFileRow[];
  onDelete: (file: ProspectFileRow) => void;
};

const detailPath = (file: ProspectFileRow) => `/dashboard/prospect/show/${encodeURIComponent(file._id)}`;

/**
 * The files list under 768 px: one card per file, its title a link, each figure labelled with the
 * table's header, the delete button within reach of a thumb (docs/decisions/phone-layout.md).
 */
export function ProspectFilesCards({ files, onDelete }: ProspectFilesTableProps) {
  const navigate = useNavigate();

  const handleCardClick = (event: MouseEvent<HTMLLIElement>, file: ProspectFileRow) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(detailPath(file));
  };

  return (
    <ul className="prospect-file-cards" aria-label="Fichiers de prospection">
      {files.map((file) => (
        <li key={file._id} className="prospect-file-card" onClick={(event) => handleCardClick(event, file)}>
          <div className="prospect-file-card__head">
            <h2 className="prospect-file-card__title">
              <Link to={detailPath(file)}>{file.name}</Link>
            </h2>
            {file.isPrivate && <PrivateMark />}
            <button
              type="button"
              className="prospect-delete"
              aria-label={`Supprimer ${file.name}`}
              title="Supprimer"
              onClick={() => onDelete(file)}
            >
              <LineIcon name="bin" />
            </button>
          </div>
          <dl className="prospect-file-card__fields">
            <div>
              <dt>{FILE_COLUMNS.toQualify}</dt>
              <dd>
                {formatCount(file.countSelected)}/{formatCount(file.count)}
              </dd>
            </div>
            <div>
              <dt>{FILE_COLUMNS.active}</dt>
              <dd>{formatCount(file.activeOpportunities)}</dd>
            </div>
            <div className="prospect-file-card__wide">
              <dt>{FILE_COLUMNS.progress}</dt>
              <dd className="prospect-progress">
                <span className="prospect-progress__value">
                  {formatPercent(file.countSelected, file.count)}
                </span>
                <progress
                  className="prospect-progress__bar"
                  max={100}
                  value={Number(progressPercent(file.countSelected, file.count))}
                  aria-label={`Suggestions de ${file.name}`}
                />
              </dd>
            </div>
            <div>
              <dt>{FILE_COLUMNS.user}</dt>
              <dd>{file.username}</dd>
            </div>
            <div>
              <dt>{FILE_COLUMNS.tag}</dt>
              <dd>
                <span className="prospect-tag">{FILE_TAG}</span>
              </dd>
            </div>
            <div>
              <dt>{FILE_COLUMNS.created}</dt>
              <dd>{formatDate(file.date)}</dd>
            </div>
            <div>
              <dt>{FILE_COLUMNS.updated}</dt>
              <dd>{formatDate(file.lastModificationDate)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
