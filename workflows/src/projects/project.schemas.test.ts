import { describe, expect, it } from 'vitest';
import { projectTools } from './project.schemas';

const body = '00000000-0000-4000-8000-000000000b01';
const wheel = '00000000-0000-4000-8000-000000000b02';
const lane = '00000000-0000-4000-8000-000000000b03';
const tools = [body, wheel].map((toolId) => ({ toolId, toolVersion: 1 }));
const messages = (input: unknown) => {
  const parsed = projectTools.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('projectTools', () => {
  it('reads a tool step saved before group elements as one without groups', () => {
    expect(projectTools.parse({ tools })).toEqual({ tools, groups: [] });
  });
  it('accepts a vehicle made of the body and wheel tools the project chose', () => {
    expect(messages({ tools, groups: [{ name: 'vehicle', toolIds: [body, wheel] }] })).toEqual([]);
  });
  it('refuses a group with a tool the project did not choose, with the seed message', () => {
    expect(messages({ tools, groups: [{ name: 'vehicle', toolIds: [body, lane] }] })).toEqual([{ path: 'groups.0.toolIds', message: 'projects.group_tools_inconsistent' }]);
  });
  it('refuses a group that names a tool twice, or none', () => {
    expect(messages({ tools, groups: [{ name: 'vehicle', toolIds: [wheel, wheel] }] })).toEqual([{ path: 'groups.0.toolIds', message: 'projects.group_tools_inconsistent' }]);
    expect(messages({ tools, groups: [{ name: 'vehicle', toolIds: [] }] })).toEqual([{ path: 'groups.0.toolIds', message: 'projects.group_tools_inconsistent' }]);
  });
  it('refuses a group without a name and two groups of one name', () => {
    expect(messages({ tools, groups: [{ name: ' ', toolIds: [body] }] })).toEqual([{ path: 'groups.0.name', message: 'projects.tool_group_name_empty' }]);
    const twice = { tools, groups: [{ name: 'vehicle', toolIds: [body] }, { name: 'vehicle', toolIds: [wheel] }] };
    expect(messages(twice)).toEqual([{ path: 'groups.1.name', message: 'projects.tool_group_name_repeat' }]);
  });
});
