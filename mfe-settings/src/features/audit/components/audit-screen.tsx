import { useMemo, useState } from 'react';
import { AUDIT_MESSAGES, type AuditFilters as Filters, PERMISSION } from '@app/domain';
import {
  Button,
  EXPORT_TOAST_MS,
  ignoreHandledFailure,
  notifySuccess,
  Spinner,
  useApiQuery,
} from '@app/platform';
import { SettingsPage } from '../../../layout/settings-page';
import { useAccess } from '../../../session/use-access';
import { downloadCsv } from '../../../utils/download-csv';
import { exportAudit } from '../api/export-audit';
import { getPeople } from '../api/get-people';
import { useAuditPages } from '../hooks/use-audit-pages';
import { AuditFilters, type AuditFilterValues, NO_FILTERS } from './audit-filters';
import { AuditList } from './audit-list';
import '../audit.css';

/** The filters the server is asked with; null while the period is reversed (nothing is asked). */
function filtersOf(values: AuditFilterValues): Filters | null {
  if (values.from && values.to && values.from > values.to) return null;
  return {
    ...(values.userId ? { userId: values.userId } : {}),
    ...(values.kind ? { kind: values.kind } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  };
}

/** "Historique": the organisation's audit log, newest first, filtered, exported as CSV. */
export function AuditScreen() {
  const { organisationId, can } = useAccess();
  const allowed = can(PERMISSION.VIEW_HISTORY);
  return (
    <SettingsPage title="Historique">
      {allowed ? (
        <AuditLog organisationId={organisationId} />
      ) : (
        <p>Votre rôle ne permet pas de voir l’historique de l’organisation.</p>
      )}
    </SettingsPage>
  );
}

function AuditLog({ organisationId }: { organisationId: string | null }) {
  const [values, setValues] = useState<AuditFilterValues>(NO_FILTERS);
  const [exporting, setExporting] = useState(false);
  const filters = useMemo(() => filtersOf(values), [values]);
  const people = useApiQuery(getPeople, organisationId ? { organisationId } : null, {
    key: 'organisation/getUsers',
  });
  const pages = useAuditPages(filters ? organisationId : null, filters ?? {});

  const handleExport = async () => {
    if (!organisationId || !filters) return;
    setExporting(true);
    try {
      const { csvString, count } = await exportAudit({ organisationId, ...filters });
      downloadCsv(csvString, 'historique.csv');
      notifySuccess(`Export terminé : ${count} événement${count > 1 ? 's' : ''}`, EXPORT_TOAST_MS);
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <p className="settings-hint">
        Tout ce qui a changé dans l’organisation, du plus récent au plus ancien : qui, quand, quoi, avant et
        après.
      </p>
      <div className="audit-toolbar">
        <AuditFilters values={values} people={people.data?.users ?? []} onChange={setValues} />
        <Button onClick={() => void handleExport()} disabled={exporting || !filters}>
          {exporting ? 'Export en cours…' : 'Exporter en CSV'}
        </Button>
      </div>
      {!filters ? (
        <p role="alert" className="settings-error">
          {AUDIT_MESSAGES.reversedDates}
        </p>
      ) : pages.loading ? (
        <Spinner />
      ) : pages.records.length === 0 ? (
        <p>Aucun événement ne correspond à ces filtres.</p>
      ) : (
        <AuditList records={pages.records} hasMore={pages.hasMore} onNeedMore={pages.loadMore} />
      )}
    </>
  );
}
