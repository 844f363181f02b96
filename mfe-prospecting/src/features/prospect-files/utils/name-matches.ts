import { normaliseSearch } from '@app/domain';

/** The files list's search: an accent- and case-insensitive substring of the file's name. */
export function nameMatches(name: string, search: string): boolean {
  const wanted = normaliseSearch(search);
  return wanted === '' || normaliseSearch(name).includes(wanted);
}
