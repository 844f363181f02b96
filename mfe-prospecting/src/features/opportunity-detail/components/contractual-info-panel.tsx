import { CONTRACTUAL_PLACEHOLDER, contractualEntries } from '../../../utils/contractual-entries';

export type ContractualInfoPanelProps = { informationContractuelle: string };

/** Every key of the contractual JSON, underscores shown as spaces; the standard four always listed. */
export function ContractualInfoPanel({ informationContractuelle }: ContractualInfoPanelProps) {
  return (
    <section className="detail-panel" aria-labelledby="detail-contract-title">
      <h2 id="detail-contract-title">Informations contractuelles</h2>
      <dl className="detail-facts">
        {contractualEntries(informationContractuelle).map((entry) => (
          <div key={entry.key}>
            <dt>{entry.label}</dt>
            <dd className={entry.value === null ? 'detail-facts__placeholder' : undefined}>
              {entry.value ?? CONTRACTUAL_PLACEHOLDER}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
