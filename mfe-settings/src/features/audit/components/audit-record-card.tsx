import {
  AUDIT_KIND_LABELS,
  type AuditRecordView,
  auditValueText,
  DEFAULT_TIME_ZONE,
  formatDateTimeInZone,
} from '@app/domain';

export type AuditRecordCardProps = { record: AuditRecordView };

/**
 * One record as a card (the same on a desk and at 390 px): what, on what, when (the organisation's
 * time, as in the CSV), who, before and after.
 */
export function AuditRecordCard({ record }: AuditRecordCardProps) {
  const fields = [
    { label: 'Date', value: formatDateTimeInZone(record.at, DEFAULT_TIME_ZONE) },
    { label: 'Personne', value: record.actor?.username ?? 'Système' },
    { label: 'Avant', value: auditValueText(record.before) },
    { label: 'Après', value: auditValueText(record.after) },
    { label: 'Détails', value: record.details ? auditValueText(record.details) : '' },
  ].filter((field) => field.value !== '');
  return (
    <article className="ui-card-list__item audit-card">
      <p className="ui-card-list__title">
        <span className="audit-card__kind">{AUDIT_KIND_LABELS[record.kind]}</span>
        {record.subject.label ? <span> · {record.subject.label}</span> : null}
      </p>
      <dl className="ui-card-list__fields">
        {fields.map((field) => (
          <div key={field.label} className="ui-card-list__field">
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
