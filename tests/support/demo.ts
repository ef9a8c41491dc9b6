// A platform with the demo data `npm run up` adds (accounts, the demo project with its imported batch and its work),
// and results shaped for the demo's box tool.
import type { AppConfig } from '@annot/core';
import { seedDemo } from '../../scripts/src/seed-demo';
import { demoProjectTitle } from '../../scripts/src/seed-demo-project';
import { cloneSeeded } from './demo-template';
import { call, type Platform, startPlatform } from './platform';
import { adminAccount, adminPassword, signInAdmin } from './sign-in';

export interface Demo {
  platform: Platform;
  /** The admin's token. */
  admin: string;
  projectId: string;
  links: { id: string; type: 'annotation' | 'inspection'; name: string; members: { teamIds: string[]; taggerIds: string[] } }[];
  toolId: string;
}

/**
 * The demo project ready to work on, in a database of the test's own: a clone of the demo seeded once per run (its
 * batch imported and its demo work done). The demo projects of other annotation types come only when asked for: most
 * tests work on the picture project alone. `config` is the platform's, not the seeding's.
 */
export async function startDemo(options: { config?: Partial<AppConfig>; otherTypes?: boolean } = {}): Promise<Demo> {
  const otherTypes = options.otherTypes ?? false;
  const database = await cloneSeeded(otherTypes ? 'demo_all_types' : 'demo', (seeding) =>
    seedDemo(seeding.baseUrl, seeding.database.url, { account: adminAccount, password: adminPassword }, { otherTypes }).then(() => undefined),
  );
  const platform = await startPlatform({ config: options.config, database });
  const admin = await signInAdmin(platform);
  const going = (await call(platform, 'GET', '/manage/projects?tab=going', { token: admin })).body.data.items as { id: string; title: string }[];
  const projectId = going.find((p) => p.title === demoProjectTitle)!.id;
  const detail = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data;
  return { platform, admin, projectId, links: detail.links, toolId: detail.tools[0].toolId };
}

/** A one-frame result with one box of the demo tool; `category` null leaves the required attribute out. */
export function boxResult(toolId: string, box: { id?: string; category?: string | null; x?: number; y?: number; width?: number; height?: number } = {}) {
  const { id = 'car-1', category = 'car', x = 10, y = 10, width = 60, height = 40 } = box;
  return {
    frameCount: 1,
    objects: [
      {
        id,
        toolId,
        toolVersion: 1,
        templateType: 'box',
        attributes: category ? { category } : {},
        keyframes: [{ frame: 0, shape: { type: 'box', x, y, width, height }, attributes: {}, outside: false, source: 'drawn' }],
      },
    ],
    attributes: {},
  };
}
