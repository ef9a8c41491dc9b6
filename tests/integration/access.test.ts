// Deny by default: every route declares who may call it, and each role gets exactly what the seed gives it.
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { accessKey, type AccessRule } from '../../services/api/src/identity/access/access.decorator';
import { startPlatform, type Platform } from '../support/platform';
import { createAuditor } from '../support/auditors';
import { type Cast, castOfEveryRole, type RoleCode } from '../support/people';

/** 60 is the auditor: it reads what the staff read of its projects, and every write route refuses it. */
type Caller = 'anonymous' | RoleCode | '60';
const callers: Caller[] = ['anonymous', '01', '10', '20', '30', '40', '50', '60'];
const internal: Caller[] = ['01', '10', '20'];
const pastReaders: Caller[] = [...internal, '60'];
const everyone: Caller[] = callers;
const signedIn: Caller[] = ['01', '10', '20', '30', '40', '50', '60'];

/** Who passes each route's door (seed section 6). A service route needs its key, which no caller here has. */
const matrix: Record<string, Caller[]> = {
  'GET /healthz': everyone,
  'GET /readyz': everyone,
  'POST /manage/auth/login': everyone,
  'POST /manage/auth/dots_login': everyone,
  'POST /manage/auth/login_tickets': [],
  'GET /ocr_front_config/server_url_config.json': everyone,
  'GET /api/user/info': signedIn,
  'GET /manage/auth/countries': everyone,
  'POST /manage/auth/register': everyone,
  'GET /manage/auth/sendcode': everyone,
  'GET /manage/auth/suppliersendcode': everyone,
  'GET /manage/auth/logincode': everyone,
  'GET /manage/auth/forgetsendcode': everyone,
  'POST /manage/auth/resetpasswd': everyone,
  'GET /manage/auth/logout': signedIn,
  'POST /manage/auth/bindding': internal,
  'GET /manage/project/wordlistByRole': signedIn,
  'POST /api/active_ping': signedIn,
  'GET /manage/history/getoperatehistory': pastReaders,
  'GET /manage/people': [...internal, '30'],
  'GET /manage/people/:id': [...internal, '30'],
  'POST /manage/people': internal,
  'PATCH /manage/people/:id': internal,
  'POST /manage/people/:id/disable': internal,
  'POST /manage/people/:id/enable': internal,
  'POST /manage/people/:id/login-ticket': ['01'],
  'GET /manage/people/:id/projects': ['01'],
  'PUT /manage/people/:id/projects': ['01'],
  'GET /manage/past/items/:itemId': pastReaders,
  'GET /manage/past/items/:itemId/timeline': pastReaders,
  'GET /manage/past/items/:itemId/diff': pastReaders,
  'GET /manage/past/projects/:projectId/counts': pastReaders,
  'GET /manage/past/projects/:projectId/diff': pastReaders,
  'GET /manage/past/projects/:projectId/items': pastReaders,
  'GET /manage/past/projects/:projectId/landmarks': pastReaders,
  'GET /manage/past/projects/:projectId/statistics': pastReaders,
  'GET /manage/teams': internal,
  'POST /manage/teams': internal,
  'PATCH /manage/teams/:id': internal,
  'GET /manage/mailbox': ['01'],
  'GET /manage/home/noreadcount': signedIn,
  'GET /api/messages/unread_count': signedIn,
  'GET /manage/messages': signedIn,
  'POST /manage/messages/read': signedIn,
  'POST /manage/messages/:messageId/read': signedIn,
  'POST /manage/messages/read-all': signedIn,
  'GET /manage/audits': pastReaders,
  'POST /manage/audits': internal,
  'GET /manage/audits/:auditId': pastReaders,
  // Asked without a project, as here, it is the whole ledger: the staff's. An auditor's project slice is let through in
  // ledger-export.test.ts.
  'GET /manage/ledger/export': internal,
  'GET /manage/ledger/anchors/:seq': pastReaders,
  // The stream takes only a ticket in its address, never the session token this walk carries.
  'GET /manage/jobs/stream': [],
  'POST /manage/jobs/stream/tickets': signedIn,
  'GET /manage/system/health': ['01'],
  'GET /manage/tools': internal,
  'POST /manage/tools': internal,
  'GET /manage/tools/:id': internal,
  'PATCH /manage/tools/:id': internal,
  'POST /manage/tools/:id/delete': internal,
  'GET /manage/tools/:id/export': internal,
  'POST /manage/tools/import': internal,
  'GET /manage/data-rules': internal,
  'GET /manage/data-rules/schema': internal,
  'GET /manage/data-rules/:id': internal,
  'POST /manage/data-rules': internal,
  'PATCH /manage/data-rules/:id': internal,
  'POST /manage/data-rules/:id/versions': internal,
  'POST /manage/data-rules/:id/delete': internal,
  'GET /manage/annotation-rules': internal,
  'GET /manage/annotation-rules/:id': internal,
  'POST /manage/annotation-rules': internal,
  'PATCH /manage/annotation-rules/:id': internal,
  'POST /manage/annotation-rules/:id/versions': internal,
  'POST /manage/annotation-rules/:id/versions/pdf': internal,
  'POST /manage/annotation-rules/:id/delete': internal,
  'GET /manage/annotation-rules/files/:fileId': internal,
  'GET /manage/projects': signedIn,
  'GET /manage/projects/counts': signedIn,
  'GET /manage/projects/:id': signedIn,
  'POST /manage/projects': internal,
  'PUT /manage/projects/:id/basics': internal,
  'PUT /manage/projects/:id/tools': internal,
  'PUT /manage/projects/:id/links': internal,
  'PUT /manage/projects/:id/rules': internal,
  'POST /manage/projects/:id/clone': internal,
  'POST /manage/projects/:id/publish': internal,
  'POST /manage/projects/:id/pause': internal,
  'POST /manage/projects/:id/resume': internal,
  'POST /manage/projects/:id/finish': internal,
  'POST /manage/projects/:id/close': internal,
  'POST /manage/projects/:id/reopen': internal,
  'GET /manage/projects/:id/members': [...pastReaders, '30'],
  'PUT /manage/projects/:id/links/:linkId/members': internal,
  'POST /manage/projects/:id/links/:linkId/groups': ['30'],
  'PUT /manage/projects/:id/links/:linkId/groups/:groupId': ['30'],
  'POST /manage/projects/:id/links/:linkId/groups/:groupId/delete': ['30'],
  'GET /manage/projects/:id/batches': [...pastReaders, '30', '40'],
  'POST /manage/projects/:id/batches': internal,
  'GET /manage/batches/:id': [...pastReaders, '30', '40'],
  'PATCH /manage/batches/:id': internal,
  'POST /manage/batches/:id/upload': internal,
  'POST /manage/batches/:id/import': internal,
  'GET /manage/batches/:id/items': [...pastReaders, '30', '40'],
  'GET /manage/batches/:id/failures': [...pastReaders, '30', '40'],
  'POST /manage/batches/:id/pause': internal,
  'POST /manage/batches/:id/resume': internal,
  'POST /manage/batches/:id/stop': internal,
  'POST /manage/batches/:id/delete': internal,
  'POST /manage/items/links/:linkId/claims': ['40'],
  'POST /manage/items/projects/:projectId/rule-readings': ['40'],
  'GET /manage/items/projects/:projectId/rule-readings': ['40'],
  'GET /manage/items/projects/:projectId/rule-readings/file': ['40'],
  'GET /manage/items/projects/:projectId': [...pastReaders, '30', '40'],
  'GET /manage/items/projects/:projectId/counts': [...pastReaders, '30', '40'],
  'GET /manage/items/projects/:projectId/tools': [...pastReaders, '30', '40', '50'],
  'GET /manage/items/projects/:projectId/error-groups': [...pastReaders, '30', '40', '50'],
  'GET /manage/items/:itemId': [...pastReaders, '30', '40', '50'],
  'GET /manage/items/:itemId/history': [...pastReaders, '30', '40'],
  'GET /manage/items/:itemId/media': [...pastReaders, '30', '40', '50'],
  'GET /manage/items/:itemId/thumbnail': [...pastReaders, '30', '40', '50'],
  'GET /manage/items/:itemId/frames': [...pastReaders, '30', '40', '50'],
  'GET /manage/items/:itemId/frames/:index/media': [...pastReaders, '30', '40', '50'],
  'GET /manage/items/:itemId/frames/:index/points': [...pastReaders, '30', '40', '50'],
  'GET /manage/items/:itemId/frames/:index/cameras/:camera/media': [...pastReaders, '30', '40', '50'],
  // Work in hand is the claimer's: the staff never claim, so only releasing and rejecting are theirs too.
  'PUT /manage/items/:itemId/result': ['40'],
  ...Object.fromEntries(
    ['submit', 'mark-invalid', 'mark-valid', 'pass', 'confirm-invalid', 'overturn-invalid'].map((verb) => [`POST /manage/items/:itemId/${verb}`, ['40']]),
  ),
  ...Object.fromEntries(['release', 'reject'].map((verb) => [`POST /manage/items/:itemId/${verb}`, [...internal, '40']])),
  'POST /manage/items/:itemId/recycle': internal,
  'POST /manage/items/projects/:projectId/bulk-release': internal,
  'POST /manage/items/projects/:projectId/bulk-reject': internal,
  'POST /manage/items/projects/:projectId/bulk-recycle': internal,
  'POST /manage/items/projects/:projectId/recycle-csv': internal,
  'POST /manage/items/:itemId/accept': internal,
  'POST /manage/projects/:projectId/exports': internal,
  'GET /manage/projects/:projectId/exports': pastReaders,
  'GET /manage/projects/:projectId/export-options': pastReaders,
  'GET /manage/exports/:exportId': pastReaders,
  'POST /manage/exports/:exportId/download-tickets': pastReaders,
  'GET /manage/exports/:exportId/download': pastReaders,
  // A browser's download carries a ticket in its address instead of the token; the ticket is checked inside.
  'GET /manage/exports/:exportId/archive': everyone,
  'POST /manage/batches/:batchId/annotation-imports': internal,
  'GET /manage/annotation-imports/:importId': internal,
  'GET /manage/algorithms': internal,
  'GET /manage/algorithms/:algorithmId': internal,
  'POST /manage/algorithms': internal,
  'PUT /manage/algorithms/:algorithmId': internal,
  'POST /manage/algorithms/:algorithmId/versions': internal,
  'POST /manage/algorithms/:algorithmId/enable': internal,
  'POST /manage/algorithms/:algorithmId/disable': internal,
  'GET /manage/algorithms/:algorithmId/analysis': internal,
  // Calls are the admin's (seed: "algorithm list and call (call admin only)"); the staff follow them.
  'POST /manage/algorithm-calls': ['01'],
  'GET /manage/algorithm-calls': internal,
  'GET /manage/algorithm-calls/:callId': internal,
  'GET /manage/algorithm-calls/:callId/items': internal,
  'POST /manage/algorithm-calls/:callId/stop': ['01'],
  'POST /manage/algorithm-calls/:callId/restart': ['01'],
  // A model server has no account: the signature in the address is checked inside.
  'GET /manage/algorithm-media/:itemId': everyone,
  'GET /manage/announcements': ['01'],
  'POST /manage/announcements': ['01'],
  'GET /manage/announcements/:announcementId': ['01'],
  'PUT /manage/announcements/:announcementId': ['01'],
  'POST /manage/announcements/:announcementId/schedule': ['01'],
  'POST /manage/announcements/:announcementId/publish': ['01'],
  'POST /manage/announcements/:announcementId/stop': ['01'],
  'GET /manage/notices': signedIn,
  'GET /manage/notices/:announcementId': signedIn,
  'GET /manage/quality/projects/:projectId/sampling': internal,
  'GET /manage/quality/projects/:projectId/sampling/preview': internal,
  'POST /manage/quality/projects/:projectId/sampling': internal,
  'GET /manage/quality/sampling/mine': [...internal, '40'],
  'GET /manage/quality/sampling/:taskId': [...internal, '40'],
  'POST /manage/quality/sampling/:taskId/claim': [...internal, '40'],
  'POST /manage/quality/sampling/:taskId/items/:itemId/release': [...internal, '40'],
  'POST /manage/quality/sampling/:taskId/items/:itemId/judge': [...internal, '40'],
  'POST /manage/quality/sampling/:taskId/rounds': internal,
  'POST /manage/quality/sampling/:taskId/decide': internal,
  'GET /manage/quality/projects/:projectId/acceptance': internal,
  'GET /manage/quality/projects/:projectId/acceptance/eligible': internal,
  'POST /manage/quality/projects/:projectId/acceptance': internal,
  'GET /manage/quality/acceptance/:batchId': [...internal, '50'],
  'POST /manage/quality/acceptance/:batchId/claim': ['50'],
  'POST /manage/quality/acceptance/:batchId/items/:itemId/judge': ['50'],
  'POST /manage/quality/acceptance/:batchId/submit': ['50'],
  'POST /manage/quality/acceptance/:batchId/pass': internal,
  'POST /manage/quality/acceptance/:batchId/reject': internal,
  'POST /manage/quality/acceptance/:batchId/withdraw': internal,
  'GET /manage/quality/acceptance/projects': [...internal, '50'],
  'GET /manage/quality/acceptance/projects/:projectId/batches': [...internal, '50'],
  'GET /manage/quality/acceptance/projects/:projectId/items': [...internal, '50'],
  'GET /manage/quality/acceptance/projects/:projectId/statistics': [...internal, '50'],
  'GET /manage/documents': ['01'],
  'POST /manage/documents': ['01'],
  'POST /manage/documents/files': ['01'],
  'GET /manage/documents/help': signedIn,
  'GET /manage/documents/:id': signedIn,
  'GET /manage/documents/:id/file': signedIn,
  'PUT /manage/documents/:id': ['01'],
  'POST /manage/documents/:id/shelve': ['01'],
  'POST /manage/documents/:id/unshelve': ['01'],
  'POST /manage/documents/:id/remove': ['01'],
  'GET /manage/distribution/projects/:projectId': [...internal, '30'],
  'GET /manage/projects/:projectId/webhooks': internal,
  'POST /manage/projects/:projectId/webhooks': internal,
  'GET /manage/projects/:projectId/webhooks/:webhookId': internal,
  'PUT /manage/projects/:projectId/webhooks/:webhookId': internal,
  'POST /manage/projects/:projectId/webhooks/:webhookId/enable': internal,
  'POST /manage/projects/:projectId/webhooks/:webhookId/disable': internal,
  'POST /manage/projects/:projectId/webhooks/:webhookId/remove': internal,
  'POST /manage/projects/:projectId/webhooks/:webhookId/replay': internal,
  'GET /manage/projects/:projectId/webhooks/:webhookId/deliveries': internal,
  'PUT /manage/distribution/links/:linkId': internal,
  'PUT /manage/distribution/links/:linkId/groups': ['30'],
  'GET /manage/projects/:id/statistics': pastReaders,
  'GET /manage/projects/:id/statistics/mine': ['40'],
  'GET /manage/projects/:id/statistics/team': ['30'],
  'GET /manage/dashboard': internal,
  ...Object.fromEntries(
    // Inspectors and acceptors read the error groups of their projects only, never the catalog's full list.
    (['error-groups', 'invalid-reasons'] as const).flatMap((noun) => [
      [`GET /manage/${noun}`, noun === 'error-groups' ? internal : [...internal, '40', '50']],
      [`POST /manage/${noun}`, internal],
      [`GET /manage/${noun}/:id`, noun === 'error-groups' ? internal : [...internal, '40', '50']],
      [`PATCH /manage/${noun}/:id`, internal],
      [`POST /manage/${noun}/:id/delete`, internal],
    ]),
  ),
};

interface Route {
  key: string;
  rule: AccessRule | undefined;
}

function registeredRoutes(platform: Platform): Route[] {
  const routes: Route[] = [];
  for (const module of platform.api.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as { prototype: Record<string, unknown> };
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name] as object;
        const path = Reflect.getMetadata(PATH_METADATA, handler);
        if (name === 'constructor' || path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const full = `/${[base, String(path)].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/');
        routes.push({ key: `${method} ${full}`, rule: Reflect.getMetadata(accessKey, handler) ?? Reflect.getMetadata(accessKey, controller) });
      }
    }
  }
  return routes;
}

describe('access', () => {
  let platform: Platform;
  let cast: Cast;
  let tokens: Record<Exclude<Caller, 'anonymous'>, string>;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    cast = await castOfEveryRole(platform);
    tokens = { ...cast.tokens, '60': (await createAuditor(platform, cast.tokens['01'], [])).token };
  });
  afterAll(async () => platform.stop());

  it('has an access rule on every registered route, and a row of the matrix for each', () => {
    const routes = registeredRoutes(platform);
    expect(routes.filter((r) => !r.rule).map((r) => r.key)).toEqual([]);
    expect(routes.map((r) => r.key).sort()).toEqual(Object.keys(matrix).sort());
  });

  it('lets each role through exactly the doors the seed opens for it', async () => {
    const outcome: Record<string, Caller[]> = {};
    // Sign-out ends the session the other rows need, so its row is walked last.
    const keys = Object.keys(matrix).sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
    for (const key of keys) {
      const [method, template] = key.split(' ');
      const path = template.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      outcome[key] = [];
      for (const caller of callers) {
        const token = caller === 'anonymous' ? undefined : tokens[caller];
        const status = await doorStatus(platform, method, path, token);
        if (status === 'open') outcome[key].push(caller);
      }
    }
    const inCallerOrder = (list: Caller[]) => [...list].sort((a, b) => callers.indexOf(a) - callers.indexOf(b));
    for (const key of keys) expect({ [key]: outcome[key] }).toEqual({ [key]: inCallerOrder(matrix[key]) });
    // Eight callers at every door, one request at a time: a busy shared machine needs more than the default minute.
  }, 180_000);
});

/** 'closed' when the guard refused (403 TOKEN_INVALID, TICKET_INVALID or FORBIDDEN); anything else got past the door. */
async function doorStatus(platform: Platform, method: string, path: string, token: string | undefined): Promise<'open' | 'closed'> {
  const controller = new AbortController();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{}',
    signal: controller.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? ((await response.json()) as { errCode?: string }) : null;
  controller.abort();
  return response.status === 403 && ['FORBIDDEN', 'TOKEN_INVALID', 'TICKET_INVALID'].includes(body?.errCode ?? '') ? 'closed' : 'open';
}
