import { render, screen } from '@testing-library/react';
import { ImportSummary } from './import-summary';

test('beyond the listed rejections, it counts them all and says only the first ones are detailed', () => {
  render(
    <ImportSummary
      summary={{
        imported: 5,
        duplicates: 0,
        duplicatesSkipped: 0,
        siretFlagged: 0,
        rejected: [{ index: 3, reason: 'Ligne sans raison sociale ni enseigne' }],
        rejectedCount: 12_000,
      }}
      onDownloadRejected={() => undefined}
      onClose={() => undefined}
    />,
  );
  expect(screen.getByText('Lignes rejetées').nextElementSibling).toHaveTextContent(/^12\s000$/);
  expect(
    screen.getByText(/Seules les 1 premières lignes rejetées sont détaillées et téléchargeables\./),
  ).toBeInTheDocument();
});
