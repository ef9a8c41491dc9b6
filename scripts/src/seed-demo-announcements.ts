// The demo announcements: one published to everyone, one to the demo team only, so the notice pages have something
// for each reader and the team's taggers see one that the others do not.
import { type Call, ok } from './seed-demo-call';

const demoAnnouncements = [
  {
    title: 'Welcome to the annotation platform / 欢迎使用标注平台',
    content:
      '<h2>Welcome</h2><p>Projects, batches and your work queue are in the side menu. Read a project’s <strong>annotation rules</strong> before your first claim.</p>' +
      '<p>欢迎使用标注平台。领取任务前请先阅读项目的<strong>标注规范</strong>。</p>',
    scope: { everyone: true },
  },
  {
    title: 'Demo Team: vehicles first / 演示团队：优先标注车辆',
    content: '<p>This week the demo project needs the <em>vehicles</em> boxed first; pedestrians can wait.</p><ul><li>Tight boxes</li><li>One box per vehicle</li></ul><p>本周请优先标注车辆。</p>',
    scope: (teamId: string) => ({ teamIds: [teamId] }),
  },
];

export async function seedDemoAnnouncements(call: Call, admin: string, teamId: string): Promise<void> {
  const listed = await call('GET', '/manage/announcements?limit=100', undefined, admin);
  // A private deployment has no announcements.
  if (listed.code === 404) return;
  const existing = ok(listed, 'announcements').items as { title: string }[];
  for (const { title, content, scope } of demoAnnouncements) {
    if (existing.some((a) => a.title === title)) continue;
    const body = { title, content, scope: typeof scope === 'function' ? scope(teamId) : scope };
    const { id } = ok(await call('POST', '/manage/announcements', body, admin), 'announcement');
    ok(await call('POST', `/manage/announcements/${id}/publish`, undefined, admin), 'announcement publication');
  }
}
