import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDate, progressPercent, type ProspectFileRow } from '@app/domain';
import { formatCount, formatPercent } from '../utils/format-percent';
import { LineIcon } from './line-icon';
import { PrivateMark } from './private-mark';

export type ProspectFilesTableProps = {
  files: readonly ProspectFileRow[];
  onDelete: (file: ProspectFileRow) => void;
};

/** The static tag every file carries (SPEC.md §2). */
export const FILE_TAG = 'Prospection';

const detailPath = (file: ProspectFileRow) => `/dashboard/prospect/show/${encodeURIComponent(file._id)}`;

/** The files list; a click anywhere on a row opens the file, its title is the keyboard's way in. */
export function ProspectFilesTable({ files, onDelete }: ProspectFilesTableProps) {
  const navigate = useNavigate();

  const handleRowClick = (event: MouseEvent<HTMLTableRowElement>, file: ProspectFileRow) => {
    // The title link and the delete button do their own thing.
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(detailPath(file));
  };

  return (
    <div className="prospect-files__table-wrapper">
      <table className="prospect-files-table">
        <thead>
          <tr>
            <th scope="col" className="prospect-files-table__col--user">
              Utilisateur
            </th>
            <th scope="col" className="prospect-files-table__col--title">
              Titre
            </th>
            <th scope="col" className="prospect-files-table__col--to-qualify">
              A qualifier
            </th>
            <th scope="col" className="prospect-files-table__col--active">
              Opportunités actives
            </th>
            <th scope="col" className="prospect-files-table__col--progress">
              Suggestions
            </th>
            <th scope="col" className="prospect-files-table__col--date">
              Date de création
            </th>
            <th scope="col" className="prospect-files-table__col--date">
              Date de mise a jour
            </th>
            <th scope="col" className="prospect-files-table__col--tag">
              Tag
            </th>
            <th scope="col" className="prospect-files-table__col--action">
              <span className="prospect-files__sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => {
            const percent = Number(progressPercent(file.countSelected, file.count));
            return (
              <tr
                key={file._id}
                className="prospect-files-table__row"
                onClick={(event) => handleRowClick(event, file)}
              >
                <td title={file.username}>{file.username}</td>
                <td className="prospect-files-table__title">
                  <Link to={detailPath(file)}>{file.name}</Link>
                  {file.isPrivate && <PrivateMark />}
                </td>
                <td className="prospect-files-table__figure">
                  {formatCount(file.countSelected)}/{formatCount(file.count)}
                </td>
                <td className="prospect-files-table__figure">{formatCount(file.activeOpportunities)}</td>
                <td>
                  <div className="prospect-progress">
                    <span className="prospect-progress__value">
                      {formatPercent(file.countSelected, file.count)}
                    </span>
                    <progress
                      className="prospect-progress__bar"
                      max={100}
                      value={percent}
                      aria-label={`Suggestions de ${file.name}`}
                    />
                  </div>
                </td>
                <td>{formatDate(file.date)}</td>
                <td>{formatDate(file.lastModificationDate)}</td>
                <td>
                  <span className="prospect-tag">{FILE_TAG}</span>
                </td>
                <td>
                  <button
                    type="button"
                    className="prospect-delete"
                    aria-label={`Supprimer ${file.name}`}
                    title="Supprimer"
                    onClick={() => onDelete(file)}
                  >
                    <LineIcon name="bin" />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
