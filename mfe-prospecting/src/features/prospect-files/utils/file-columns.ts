/** The files list's column headers (SPEC §2), also the labels of a file's card under 768 px. */
export const FILE_COLUMNS = {
  user: 'Utilisateur',
  title: 'Titre',
  toQualify: 'A qualifier',
  active: 'Opportunités actives',
  progress: 'Suggestions',
  created: 'Date de création',
  updated: 'Date de mise a jour',
  tag: 'Tag',
} as const;

/** The static tag every file carries (SPEC.md §2). */
export const FILE_TAG = 'Prospection';
