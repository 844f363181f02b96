import { displayValue, isEmptyValue } from '@app/domain';

export type ProspectCellProps = {
  value: string | undefined;
  strong?: boolean;
  /** Makes a phone number callable and a web address openable. */
  link?: 'phone' | 'site';
  /** A short warning shown before the value, where an ellipsis cannot hide it ("SIRET à vérifier"). */
  flag?: string;
};

const WEB_ADDRESS = /^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/iu;

function hrefOf(value: string, link: ProspectCellProps['link']): string | null {
  if (link === 'phone') {
    const digits = value.replace(/[^\d+]/g, '');
    return digits.length >= 6 ? `tel:${encodeURIComponent(digits)}` : null;
  }
  if (link === 'site' && WEB_ADDRESS.test(value)) {
    return /^https?:\/\//i.test(value) ? encodeURI(value) : `https://${encodeURI(value)}`;
  }
  return null;
}

/**
 * What one cell of the file table shows: the full value on one line (ellipsis, full text on hover),
 * 'Aucun' when empty.
 */
export function ProspectCell({ value, strong = false, link, flag }: ProspectCellProps) {
  const text = displayValue(value);
  const href = isEmptyValue(value) ? null : hrefOf(text, link);
  const className = [
    'prospect-table__cell',
    strong && 'prospect-table__cell--strong',
    isEmptyValue(value) && 'prospect-table__none',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={className} title={flag ? `${text} · ${flag}` : text}>
      {flag && (
        <>
          <span className="prospect-table__flag">{flag}</span>{' '}
        </>
      )}
      {href ? (
        <a href={href} {...(link === 'site' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {text}
        </a>
      ) : (
        text
      )}
    </span>
  );
}
