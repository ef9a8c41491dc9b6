// The demo catalog: a tool of every template with attributes of every kind, the vehicle group of its body and wheels,
// the annotation rule, error property groups and invalid-image reasons, each made once and found again on later starts.
import { type Call, ok } from './seed-demo-call';

const option = (name: string, hotkey?: string) => (hotkey ? { name, hotkey } : { name });

/** The first tool stays the vehicle box with its required category: the demo work and the tests draw with it. */
export const demoTools = [
  {
    name: 'Demo vehicle box',
    templateType: 'box',
    description: 'Boxes around road users',
    attributes: [
      { name: 'category', displayName: 'Category', exportName: 'category', type: 'single', required: true, hotkey: 'c', color: '#2563eb', options: [option('car', '1'), option('pedestrian', '2'), option('cyclist', '3')] },
      { name: 'occluded', displayName: 'Occluded', exportName: 'occluded', type: 'single', display: 'dropdown', options: [option('yes'), option('no')], defaultItem: 'no' },
      { name: 'lights', displayName: 'Lights on', exportName: 'lights', type: 'multiple', options: [option('headlights', 'q'), option('brake', 'w'), option('indicator', 'e')] },
      { name: 'plate', displayName: 'Licence plate', exportName: 'plate', type: 'input', minChars: 2, maxChars: 10 },
    ],
  },
  {
    name: 'Demo wheel box',
    templateType: 'box',
    description: 'Boxes around the wheels of a vehicle, grouped with its body',
    attributes: [{ name: 'side', displayName: 'Side', exportName: 'side', type: 'single', options: [option('left', 'l'), option('right', 'r')], defaultItem: 'left' }],
  },
  {
    name: 'Demo drivable area',
    templateType: 'polygon',
    description: 'The road surface a car may drive on',
    attributes: [
      { name: 'surface', displayName: 'Surface', exportName: 'surface', type: 'single', display: 'dropdown', required: true, options: [option('asphalt'), option('gravel'), option('cobblestone')], defaultItem: 'asphalt' },
    ],
  },
  {
    name: 'Demo lane line',
    templateType: 'line',
    description: 'Lane markings, along their middle',
    attributes: [
      { name: 'lane_type', displayName: 'Lane type', exportName: 'lane_type', type: 'single', required: true, options: [option('solid', '1'), option('dashed', '2'), option('double', '3')] },
      { name: 'paint', displayName: 'Paint', exportName: 'paint', type: 'single', display: 'dropdown', options: [option('white'), option('yellow')], defaultItem: 'white' },
    ],
  },
  {
    name: 'Demo road edge',
    templateType: 'curve',
    description: 'Where the road ends, as a smooth curve',
    attributes: [{ name: 'edge', displayName: 'Edge', exportName: 'edge', type: 'single', options: [option('curb', '1'), option('grass', '2'), option('barrier', '3')] }],
  },
  {
    name: 'Demo traffic light',
    templateType: 'point',
    description: 'The centre of each traffic light',
    attributes: [
      { name: 'state', displayName: 'State', exportName: 'state', type: 'single', required: true, options: [option('red', 'r'), option('amber', 'a'), option('green', 'g')] },
      { name: 'note', displayName: 'Note', exportName: 'note', type: 'input', maxChars: 50 },
    ],
  },
] as const;

/** One vehicle is its body box and its wheels' boxes. */
export const demoGroups = [{ name: 'vehicle', tools: ['Demo vehicle box', 'Demo wheel box'] }];

export const demoErrorGroups = [
  {
    name: 'Demo box errors',
    description: 'What is wrong with a shape',
    values: [
      { name: 'loose box', color: '#e5484d', type: 'geometry', description: 'The shape does not fit the object tightly' },
      { name: 'missed object', color: '#8e4ec6', type: 'geometry', description: 'An object that should be drawn is not' },
    ],
  },
  {
    name: 'Demo attribute errors',
    description: 'What is wrong with an attribute',
    values: [
      { name: 'wrong category', color: '#f5a524', type: 'attribute' },
      { name: 'wrong lane type', color: '#12a594', type: 'attribute' },
    ],
  },
];

export const demoInvalidReasons = [
  { code: 'BLURRED', name: 'Blurred image', description: 'Motion blur or out of focus: objects cannot be told apart' },
  { code: 'TOO_DARK', name: 'Too dark', description: 'Night frames where nothing can be seen' },
  { code: 'NO_ROAD', name: 'No road in view', description: 'The camera points away from the road' },
];

export interface DemoCatalog {
  tools: { name: string; toolId: string; toolVersion: number }[];
  ruleId: string;
  /** The demo error property groups, which the demo projects choose for their marks. */
  errorGroupIds: string[];
}

/** Finds an entry by its name, or makes it. */
export async function ensure(call: Call, token: string, path: string, entry: { name: string }): Promise<{ id: string; toolVersion?: number }> {
  const found = ok(await call('GET', `${path}?keyword=${encodeURIComponent(entry.name)}`, undefined, token), path);
  const list: { id: string; name: string; toolVersion?: number }[] = Array.isArray(found) ? found : found.items;
  return list.find((e) => e.name === entry.name) ?? { id: ok(await call('POST', path, entry, token), path).id, toolVersion: 1 };
}

export async function seedDemoCatalog(call: Call, token: string): Promise<DemoCatalog> {
  const tools: DemoCatalog['tools'] = [];
  for (const tool of demoTools) {
    const { id, toolVersion } = await ensure(call, token, '/manage/tools', tool);
    tools.push({ name: tool.name, toolId: id, toolVersion: toolVersion ?? 1 });
  }
  const errorGroupIds: string[] = [];
  for (const group of demoErrorGroups) errorGroupIds.push((await ensure(call, token, '/manage/error-groups', group)).id);
  for (const reason of demoInvalidReasons) await ensure(call, token, '/manage/invalid-reasons', reason);
  const rules = ok(await call('GET', '/manage/annotation-rules', undefined, token), 'annotation rules');
  let ruleId: string | undefined = rules.find((r: { configId: string }) => r.configId === 'DEMO-STREET')?.id;
  if (!ruleId) {
    ruleId = ok(await call('POST', '/manage/annotation-rules', { name: 'Demo street rules', configId: 'DEMO-STREET' }, token), 'annotation rule').id as string;
    const html = [
      '<h2>Boxes</h2><p>Draw a tight box around every car, pedestrian and cyclist taller than 10 pixels; put the boxes of its wheels in the same vehicle group.</p>',
      '<h2>Areas, lines and edges</h2><p>Outline the drivable area as a polygon, follow lane markings with lines and the road edge with a curve.</p>',
      '<h2>Points</h2><p>Put a point at the centre of each traffic light and give its state.</p>',
    ].join('');
    ok(await call('POST', `/manage/annotation-rules/${ruleId}/versions`, { html, note: 'first edition' }, token), 'rule version');
  }
  return { tools, ruleId, errorGroupIds };
}

/** The project's tool step: every demo tool, and the vehicle group of the body and wheel boxes. */
export function demoToolStep(catalog: DemoCatalog) {
  const idOf = (name: string) => catalog.tools.find((t) => t.name === name)!.toolId;
  return {
    tools: catalog.tools.map(({ toolId, toolVersion }) => ({ toolId, toolVersion })),
    groups: demoGroups.map((g) => ({ name: g.name, toolIds: g.tools.map(idOf) })),
  };
}
