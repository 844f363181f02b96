import { ActionMenu } from './action-menu';

export type NewFileMenuProps = {
  onImport: () => void;
  onCreateManual: () => void;
};

/** The files list's menu: import a spreadsheet, or start an empty list by hand. */
export function NewFileMenu({ onImport, onCreateManual }: NewFileMenuProps) {
  return (
    <ActionMenu
      label="Ajouter un fichier"
      items={[
        { label: 'Importer un fichier Excel', onSelect: onImport },
        { label: 'Créer une liste manuellement', onSelect: onCreateManual },
      ]}
    />
  );
}
