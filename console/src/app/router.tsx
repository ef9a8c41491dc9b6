// Every screen of the console and who reaches it: sign-in pages outside, the rest behind the route guard.
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import { RequireAuth } from '@/features/auth/components/require-auth';
import AuditPage from './routes/audit';
import AnnotationRulesPage from './routes/catalog/annotation-rules';
import DataRulesPage from './routes/catalog/data-rules';
import ErrorGroupsPage from './routes/catalog/error-groups';
import InvalidReasonsPage from './routes/catalog/invalid-reasons';
import Landing from './routes/areas/landing';
import RoleHomePage from './routes/areas/role-home';
import FindPage from './routes/auth/find';
import LoginPage from './routes/auth/login';
import RegisterPage from './routes/auth/register';
import HomePage from './routes/home';
import LogPage from './routes/log';
import MailboxPage from './routes/mailbox';
import NotFoundPage from './routes/not-found';
import PeopleListPage from './routes/personnel/people-list';
import PersonEditPage from './routes/personnel/person-edit';
import PmListPage from './routes/personnel/pm-list';
import ProjectDataPage from './routes/projects/project-data';
import ProjectLinksPage from './routes/projects/project-links';
import ProjectListPage from './routes/projects/project-list';
import ProjectNewPage from './routes/projects/project-new';
import ProjectPeoplePage from './routes/projects/project-people';
import SupplierPeoplePage from './routes/supplier/supplier-people';
import SupplierProjectPage from './routes/supplier/supplier-project';
import SupplierProjectsPage from './routes/supplier/supplier-projects';
import SuppliersPage from './routes/personnel/suppliers';
import ToolEditPage from './routes/tools/tool-edit';
import ToolListPage from './routes/tools/tool-list';

const guarded = (
  <RequireAuth>
    <AppShell />
  </RequireAuth>
);

export const router = createBrowserRouter([
  { path: '/login/:type?', element: <LoginPage /> },
  { path: '/register/:type?', element: <RegisterPage /> },
  { path: '/find', element: <FindPage /> },
  {
    element: guarded,
    children: [
      { index: true, element: <Landing /> },
      { path: 'home', element: <HomePage /> },
      { path: 'home/index', element: <HomePage /> },
      { path: 'tag', element: <RoleHomePage titleKey="menu_overview" emptyKey="tagger_no_projects" /> },
      { path: 'tag/index', element: <RoleHomePage titleKey="menu_overview" emptyKey="tagger_no_projects" /> },
      { path: 'supplier', element: <SupplierProjectsPage /> },
      { path: 'supplier/index', element: <SupplierProjectsPage /> },
      { path: 'supplier/datamanage/:id', element: <SupplierProjectPage /> },
      { path: 'supplier/people/:pid/:linkId/:groupId', element: <SupplierPeoplePage /> },
      { path: 'supplier/tagger', element: <PeopleListPage titleKey="menu_taggers" roles={['40']} basePath="/supplier/tagger" /> },
      { path: 'supplier/tagger/new', element: <PersonEditPage chooseTeam={false} fixedRole="40" /> },
      { path: 'supplier/tagger/edit/:id', element: <PersonEditPage chooseTeam={false} fixedRole="40" /> },
      { path: 'checkout', element: <RoleHomePage titleKey="menu_acceptance_projects" emptyKey="client_no_projects" /> },
      { path: 'checkout/index', element: <RoleHomePage titleKey="menu_acceptance_projects" emptyKey="client_no_projects" /> },
      {
        path: 'project',
        element: <Outlet />,
        children: [
          { index: true, element: <Navigate to="going" replace /> },
          { path: 'release', element: <ProjectListPage tab="release" /> },
          { path: 'going', element: <ProjectListPage tab="going" /> },
          { path: 'finish', element: <ProjectListPage tab="finish" /> },
          { path: 'new/:id', element: <ProjectNewPage /> },
          { path: 'datamanage/:id', element: <ProjectDataPage /> },
          { path: 'link/:id', element: <ProjectLinksPage /> },
          { path: 'people/:id', element: <ProjectPeoplePage /> },
        ],
      },
      {
        path: 'personnel',
        element: <Outlet />,
        children: [
          { index: true, element: <Navigate to="tagger" replace /> },
          { path: 'tagger', element: <PeopleListPage titleKey="menu_taggers" roles={['40']} basePath="/personnel" /> },
          { path: 'checker', element: <PeopleListPage titleKey="menu_acceptors" roles={['50']} basePath="/personnel" /> },
          { path: 'supplier', element: <SuppliersPage /> },
          { path: 'pm', element: <PmListPage /> },
          { path: 'new', element: <PersonEditPage chooseTeam /> },
          { path: 'localnew', element: <PersonEditPage chooseTeam /> },
          { path: 'edit/:id', element: <PersonEditPage chooseTeam /> },
          { path: 'localedit/:id', element: <PersonEditPage chooseTeam /> },
        ],
      },
      { path: 'toolConfig', element: <ToolListPage /> },
      { path: 'toolConfig/new', element: <ToolEditPage mode="new" /> },
      { path: 'toolConfig/edit/:id', element: <ToolEditPage mode="edit" /> },
      { path: 'toolConfig/view/:id', element: <ToolEditPage mode="view" /> },
      { path: 'baseConfig/index', element: <DataRulesPage /> },
      { path: 'baseConfig/tagRule', element: <AnnotationRulesPage /> },
      { path: 'errorType/index', element: <ErrorGroupsPage /> },
      { path: 'picture/reason', element: <InvalidReasonsPage /> },
      { path: 'log/index', element: <LogPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'mailbox', element: <MailboxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
