import type { ReactNode } from 'react';

export type CardListProps = {
  /** The list's accessible name, e.g. 'Membres de l’organisation' (the table's caption on a desk). */
  label: string;
  children: ReactNode;
  className?: string;
};

/**
 * The phone form of a table (docs/decisions/phone-layout.md): a list (role="list" kept even though
 * list-style is none) of cards, one per row, each field labelled as the table's column was.
 */
export function CardList({ label, children, className }: CardListProps) {
  return (
    // The explicit role survives `list-style: none` in every browser (WebKit drops it otherwise).
    <ul role="list" aria-label={label} className={['ui-card-list', className].filter(Boolean).join(' ')}>
      {children}
    </ul>
  );
}

export type CardField = { label: string; value: ReactNode };

export type CardListItemProps = {
  /** What the row is about (a name): the card's heading line. */
  title: ReactNode;
  /** The other columns, with the table's French header as label. */
  fields: readonly CardField[];
  /** The row's buttons, at the bottom of the card. */
  actions?: ReactNode;
};

export function CardListItem({ title, fields, actions }: CardListItemProps) {
  return (
    <li className="ui-card-list__item">
      <p className="ui-card-list__title">{title}</p>
      <dl className="ui-card-list__fields">
        {fields.map((field) => (
          <div key={field.label} className="ui-card-list__field">
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      {actions ? <div className="ui-card-list__actions">{actions}</div> : null}
    </li>
  );
}
