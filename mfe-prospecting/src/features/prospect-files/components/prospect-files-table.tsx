import { usePhoneLayout } from '@app/platform';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDate, progressPercent, type ProspectFileRow } from '@app/domain';
import { FILE_COLUMNS, FILE_TAG } from '../utils/file-columns';
import { formatCount, formatPercent } from '../utils/format-percent';
import { LineIcon } from './line-icon';
import { PrivateMark } from './private-mark';
import { ProspectFilesCards, type ProspectFilesTableProps } from './prospect-files-cards';

const detailPath = (file: ProspectFileRow) => `/dashboard/prospect/show/${encodeURIComponent(file._id)}`;

/**
 * The files list; a click anywhere on a row opens the file, its title is the keyboard's way in.
 * Under 768 px, a list of cards.
 */
export function ProspectFilesTable({ files, onDelete }: ProspectFilesTableProps) {
  const navigate = useNavigate();
  const phone = usePhoneLayout();

  const handleRowClick = (event: MouseEvent<HTMLTableRowElement>, file: ProspectFileRow) => {
    // The title link and the delete button do their own thing.
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(detailPath(file));
  };

  if (phone) return <ProspectFilesCards files={files} onDelete={onDelete} />;
  return (
    <div className="prospect-files__table-wrapper">
      <table className="prospect-files-table">
        <thead>
          <tr>
            <th scope="col" className="prospect-files-table__col--user">
              {FILE_COLUMNS.user}
            </th>
            <th scope="col" className="prospect-files-table__col--title">
              {FILE_COLUMNS.title}
            </th>
            <th scope="col" className="prospect-files-table__col--to-qualify">
              {FILE_COLUMNS.toQualify}
            </th>
            <th scope="col" className="prospect-files-table__col--active">
              {FILE_COLUMNS.active}
            </th>
            <th scope="col" className="prospect-files-table__col--progress">
              {FILE_COLUMNS.progress}
            </th>
            <th scope="col" className="prospect-files-table__col--date">
              {FILE_COLUMNS.created}
            </th>
            <th scope="col" className="prospect-files-table__col--date">
              {FILE_COLUMNS.updated}
            </th>
            <th scope="col" className="prospect-files-table__col--tag">
              {FILE_COLUMNS.tag}
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
