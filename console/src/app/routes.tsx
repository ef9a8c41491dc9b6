// Every screen of the console, who may open it, and its code loaded only when first opened so the first load stays small.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import type { Action } from '@annot/workflows';
import { AppShell } from '@/components/layout/app-shell';
import { Skeleton } from '@/components/ui/skeleton';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { RequirePermission } from '@/features/auth/components/require-permission';

const AcceptanceBatchPage = lazy(() => import('./routes/quality/acceptance-batch'));
const AcceptanceBatchesPage = lazy(() => import('./routes/quality/acceptance-batches'));
const AcceptanceBoardPage = lazy(() => import('./routes/quality/acceptance-board'));
const AuditPage = lazy(() => import('./routes/audit'));
const CheckoutBatchPage = lazy(() => import('./routes/checkout/checkout-batch'));
const CheckoutCategoryPage = lazy(() => import('./routes/checkout/checkout-category'));
const CheckoutProjectItemsPage = lazy(() => import('./routes/checkout/checkout-project-items'));
const CheckoutProjectsPage = lazy(() => import('./routes/checkout/checkout-projects'));
const CheckoutStatisticsPage = lazy(() => import('./routes/checkout/checkout-statistics'));
const AnnotationRulesPage = lazy(() => import('./routes/catalog/annotation-rules'));
const DataRulesPage = lazy(() => import('./routes/catalog/data-rules'));
const DocumentManagementPage = lazy(() => import('./routes/document/document-management'));
const DocumentManualPage = lazy(() => import('./routes/document/document-manual'));
const EditorPage = lazy(() => import('./routes/items/editor-route'));
const ErrorGroupsPage = lazy(() => import('./routes/catalog/error-groups'));
const InvalidReasonsPage = lazy(() => import('./routes/catalog/invalid-reasons'));
const JudgingEditorPage = lazy(() => import('./routes/items/judging-editor-page'));
const ItemPage = lazy(() => import('./routes/items/item-page'));
const Landing = lazy(() => import('./routes/areas/landing'));
const FindPage = lazy(() => import('./routes/auth/find'));
const LoginPage = lazy(() => import('./routes/auth/login'));
const RegisterPage = lazy(() => import('./routes/auth/register'));
const HomePage = lazy(() => import('./routes/home'));
const LogPage = lazy(() => import('./routes/log'));
const MailboxPage = lazy(() => import('./routes/mailbox'));
const MessagesPage = lazy(() => import('./routes/home/messages'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const PeopleListPage = lazy(() => import('./routes/personnel/people-list'));
const PersonEditPage = lazy(() => import('./routes/personnel/person-edit'));
const PmListPage = lazy(() => import('./routes/personnel/pm-list'));
const ProjectDataPage = lazy(() => import('./routes/projects/project-data'));
const ProjectLinksPage = lazy(() => import('./routes/projects/project-links'));
const ProjectListPage = lazy(() => import('./routes/projects/project-list'));
const ProjectNewPage = lazy(() => import('./routes/projects/project-new'));
const ProjectPeoplePage = lazy(() => import('./routes/projects/project-people'));
const SamplingTaskPage = lazy(() => import('./routes/quality/sampling-task'));
const SamplingTasksPage = lazy(() => import('./routes/quality/sampling-tasks'));
const ProjectExportPage = lazy(() => import('./routes/projects/project-export'));
const ProjectAlgorithmPage = lazy(() => import('./routes/projects/project-algorithm'));
const ProjectWebhooksPage = lazy(() => import('./routes/projects/project-webhooks'));
const AlgorithmListPage = lazy(() => import('./routes/algorithm/algorithm-list'));
const AlgorithmCallPage = lazy(() => import('./routes/algorithm/algorithm-call'));
const AlgorithmAnalysisPage = lazy(() => import('./routes/algorithm/algorithm-analysis'));
const AnnouncementsPage = lazy(() => import('./routes/notice/announcements'));
const NoticesPage = lazy(() => import('./routes/home/notices'));
const NoticeInfoPage = lazy(() => import('./routes/home/notice-info'));
const SupplierPeoplePage = lazy(() => import('./routes/supplier/supplier-people'));
const SupplierProjectPage = lazy(() => import('./routes/supplier/supplier-project'));
const SupplierProjectsPage = lazy(() => import('./routes/supplier/supplier-projects'));
const SuppliersPage = lazy(() => import('./routes/personnel/suppliers'));
const TagCheckPage = lazy(() => import('./routes/tag/tag-check'));
const TagProjectPage = lazy(() => import('./routes/tag/tag-project'));
const TagProjectsPage = lazy(() => import('./routes/tag/tag-projects'));
const ToolEditPage = lazy(() => import('./routes/tools/tool-edit'));
const ToolListPage = lazy(() => import('./routes/tools/tool-list'));
const ProjectStatisticsPage = lazy(() => import('./routes/insights/project-statistics'));
const ItemPastPage = lazy(() => import('./routes/past/item-past'));
const ItemPastEditorPage = lazy(() => import('./routes/past/item-past-editor'));
const PastProjectPage = lazy(() => import('./routes/past/past-project'));
const PastProjectsPage = lazy(() => import('./routes/past/past-projects'));
const PastStatisticsPage = lazy(() => import('./routes/past/past-statistics'));

const loading = (children: ReactNode) => <Suspense fallback={<Skeleton className="m-6 h-40" />}>{children}</Suspense>;

/** Routes a role may open only when the permission table lets it do the action. */
const needs = (action: Action, children: RouteObject[], framed = false): RouteObject => ({ element: <RequirePermission action={action} framed={framed} />, children });

/** The people list of one kind, keyed by its path so switching kinds starts from that kind's own filters and rows. */
const peopleList = (path: string, titleKey: string, role: string, basePath: string): RouteObject => ({
  path,
  element: <PeopleListPage key={path} titleKey={titleKey} roles={[role]} basePath={basePath} />,
});

export const routes: RouteObject[] = [
  { path: '/login/:type?', element: loading(<LoginPage />) },
  { path: '/register/:type?', element: loading(<RegisterPage />) },
  { path: '/find', element: loading(<FindPage />) },
  // The editor takes the whole window, without the shell's menus.
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      needs('item.claim', [{ path: 'tag/edit/:itemId', element: loading(<EditorPage key="tag" area="tag" />) }], true),
      needs('project.edit', [{ path: 'project/edit/:itemId', element: loading(<EditorPage key="project" area="project" />) }], true),
      needs('acceptance.accept', [{ path: 'checkout/edit/:itemId', element: loading(<JudgingEditorPage key="checkout" gate="acceptance" area="checkout" />) }], true),
      // An item as it was, in the editor and read-only.
      needs('past.read', [{ path: 'past/edit/:itemId', element: loading(<ItemPastEditorPage />) }], true),
    ],
  },
  {
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Landing /> },
      { path: 'home', element: <HomePage /> },
      { path: 'home/index', element: <HomePage /> },
      needs('message.read', [
        { path: 'home/message', element: <MessagesPage /> },
        { path: 'tag/message', element: <MessagesPage /> },
      ]),
      needs('item.claim', [
        { path: 'tag', element: <TagProjectsPage key="index" titleKey="menu_overview" welcome /> },
        { path: 'tag/index', element: <TagProjectsPage key="index" titleKey="menu_overview" welcome /> },
        { path: 'tag/going', element: <TagProjectsPage key="going" titleKey="menu_going_projects" welcome={false} /> },
        { path: 'tag/datamanage/:id', element: <TagProjectPage /> },
        { path: 'tag/checkManage/:id/:lid', element: <TagCheckPage /> },
        { path: 'tag/item/:itemId', element: <ItemPage key="tag" area="tag" /> },
      ]),
      // The acceptor's own area, where batches are claimed, judged and submitted: never the staff's.
      needs('acceptance.accept', [
        { path: 'checkout', element: <CheckoutProjectsPage /> },
        { path: 'checkout/index', element: <CheckoutProjectsPage /> },
        { path: 'checkout/category/:id', element: <CheckoutCategoryPage /> },
        { path: 'checkout/category/dataManage/:id', element: <CheckoutBatchPage /> },
        { path: 'checkout/dataManageProject/:id', element: <CheckoutProjectItemsPage /> },
        { path: 'checkout/checkstatistics/:id', element: <CheckoutStatisticsPage /> },
      ]),
      needs('project.groups.manage', [
        { path: 'supplier', element: <SupplierProjectsPage /> },
        { path: 'supplier/index', element: <SupplierProjectsPage /> },
        { path: 'supplier/datamanage/:id', element: <SupplierProjectPage /> },
        { path: 'supplier/people/:pid/:linkId/:groupId', element: <SupplierPeoplePage /> },
      ]),
      needs('people.read', [peopleList('supplier/tagger', 'menu_taggers', '40', '/supplier/tagger')]),
      needs('people.manage', [
        { path: 'supplier/tagger/new', element: <PersonEditPage chooseTeam={false} fixedRole="40" /> },
        { path: 'supplier/tagger/edit/:id', element: <PersonEditPage chooseTeam={false} fixedRole="40" /> },
      ]),
      {
        path: 'project',
        element: <Outlet />,
        children: [
          { index: true, element: <Navigate to="going" replace /> },
          needs('project.edit', [
            { path: 'release', element: <ProjectListPage key="release" tab="release" /> },
            { path: 'going', element: <ProjectListPage key="going" tab="going" /> },
            { path: 'finish', element: <ProjectListPage key="finish" tab="finish" /> },
            { path: 'new/:id', element: <ProjectNewPage /> },
            { path: 'datamanage/:id', element: <ProjectDataPage /> },
            { path: 'item/:itemId', element: <ItemPage key="project" area="project" /> },
            { path: 'link/:id', element: <ProjectLinksPage /> },
            { path: 'people/:id', element: <ProjectPeoplePage /> },
          ]),
          needs('sampling.manage', [
            { path: 'checkmanage/:id', element: <SamplingTasksPage /> },
            { path: 'exportData/:id', element: <ProjectExportPage /> },
            { path: 'checkmanage/:id/task/:taskId', element: <SamplingTaskPage /> },
          ]),
          needs('algorithm.read', [{ path: 'algorithm/:id', element: <ProjectAlgorithmPage /> }]),
          needs('webhook.manage', [{ path: 'webhooks/:id', element: <ProjectWebhooksPage /> }]),
          needs('acceptance.manage', [
            { path: 'acceptmanage/:id', element: <AcceptanceBatchesPage /> },
            { path: 'acceptmanage/:id/batch/:batchId', element: <AcceptanceBatchPage /> },
            { path: 'category/:id', element: <AcceptanceBoardPage /> },
          ]),
        ],
      },
      {
        path: 'personnel',
        element: <Outlet />,
        children: [
          { index: true, element: <Navigate to="tagger" replace /> },
          needs('people.read', [peopleList('tagger', 'menu_taggers', '40', '/personnel'), peopleList('checker', 'menu_acceptors', '50', '/personnel')]),
          needs('team.read', [{ path: 'supplier', element: <SuppliersPage /> }]),
          // The seed sends everyone but admins from the PM list on to the taggers.
          { path: 'pm', element: <PmListPage /> },
          needs('people.manage', [
            { path: 'new', element: <PersonEditPage chooseTeam /> },
            { path: 'localnew', element: <PersonEditPage chooseTeam /> },
            { path: 'edit/:id', element: <PersonEditPage chooseTeam /> },
            { path: 'localedit/:id', element: <PersonEditPage chooseTeam /> },
          ]),
        ],
      },
      needs('catalog.read', [
        { path: 'toolConfig', element: <ToolListPage /> },
        { path: 'toolConfig/view/:id', element: <ToolEditPage mode="view" /> },
        { path: 'baseConfig/index', element: <DataRulesPage /> },
        { path: 'baseConfig/tagRule', element: <AnnotationRulesPage /> },
        { path: 'errorType/index', element: <ErrorGroupsPage /> },
        { path: 'picture/reason', element: <InvalidReasonsPage /> },
      ]),
      needs('catalog.edit', [
        { path: 'toolConfig/new', element: <ToolEditPage mode="new" /> },
        { path: 'toolConfig/edit/:id', element: <ToolEditPage mode="edit" /> },
      ]),
      {
        path: 'algorithm',
        element: <Outlet />,
        children: [
          needs('algorithm.read', [
            { index: true, element: <Navigate to="list" replace /> },
            { path: 'list', element: <AlgorithmListPage /> },
            { path: 'analysis/:id', element: <AlgorithmAnalysisPage /> },
          ]),
          needs('algorithm.call', [{ path: 'call', element: <AlgorithmCallPage /> }]),
        ],
      },
      // Statistics, in the scope of the role that opens them.
      needs('statistics.read', [{ path: 'project/datasum/:id', element: <ProjectStatisticsPage key="project" scope="project" /> }]),
      needs('statistics.own', [{ path: 'tag/sum/:id', element: <ProjectStatisticsPage key="mine" scope="mine" /> }]),
      needs('statistics.team', [{ path: 'supplier/sum/:id', element: <ProjectStatisticsPage key="team" scope="team" /> }]),
      needs('announcement.read', [
        { path: 'home/notice', element: <NoticesPage key="home" area="home" /> },
        { path: 'home/noticeinfo/:id', element: <NoticeInfoPage key="home" area="home" /> },
        { path: 'tag/notice', element: <NoticesPage key="tag" area="tag" /> },
        { path: 'tag/noticeinfo/:id', element: <NoticeInfoPage key="tag" area="tag" /> },
      ]),
      needs('announcement.manage', [{ path: 'notice/index', element: <AnnouncementsPage /> }]),
      needs('history.read', [{ path: 'log/index', element: <LogPage /> }]),
      needs('audit.read', [{ path: 'audit', element: <AuditPage /> }]),
      needs('past.read', [
        { path: 'audit/projects', element: <PastProjectsPage /> },
        { path: 'past/project/:id', element: <PastProjectPage /> },
        { path: 'past/project/:id/statistics', element: <PastStatisticsPage /> },
        { path: 'past/item/:itemId', element: <ItemPastPage /> },
      ]),
      needs('mailbox.read', [{ path: 'mailbox', element: <MailboxPage /> }]),
      needs('document.manage', [{ path: 'document/management', element: <DocumentManagementPage /> }]),
      needs('document.read', [{ path: 'document/manual', element: <DocumentManualPage /> }]),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
