import { Navigate, Route, Routes } from 'react-router-dom';
import { ImportModalHost } from './features/import/components/import-modal-host';
import { NewOpportunityHost } from './features/new-opportunity/components/new-opportunity-host';
import { OpportunityListScreen } from './features/opportunities/components/opportunity-list-screen';
import { OpportunityDetailScreen } from './features/opportunity-detail/components/opportunity-detail-screen';
import { ProspectFilesScreen } from './features/prospect-files/components/prospect-files-screen';
import { ProspectFileScreen } from './features/prospect-files/components/prospect-file-screen';
import { UnassignedScreen } from './features/unassigned/components/unassigned-screen';
import './prospecting.css';

export default function ProspectingRoutes() {
  return (
    <>
      <Routes>
        <Route
          path="/dashboard/prospect"
          element={<Navigate to="/dashboard/opportunity/list/todo" replace />}
        />
        <Route path="/dashboard/prospect/list" element={<ProspectFilesScreen />} />
        <Route path="/dashboard/prospect/show/:id" element={<ProspectFileScreen />} />
        <Route path="/dashboard/opportunity/list/:filter" element={<OpportunityListScreen />} />
        <Route
          path="/dashboard/opportunity/list"
          element={<Navigate to="/dashboard/opportunity/list/all" replace />}
        />
        <Route path="/dashboard/opportunity/unassigned" element={<UnassignedScreen />} />
        <Route path="/dashboard/opportunity/:id" element={<OpportunityDetailScreen />} />
      </Routes>
      {/* Outside <Routes>: the import opens from every prospecting page. */}
      <ImportModalHost />
      <NewOpportunityHost />
    </>
  );
}
