import { describe, expect, it } from 'vitest';
import { projectBasics, projectTools, samplingPassThresholdOf } from './project.schemas';

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

describe('projectBasics', () => {
  const basics = { title: 'Lanes', type: 'formal', annotationType: 'picture_single_frame', startDate: '2026-01-01', endDate: '2026-02-01', unitPrice: 0.5, reworkMaxCount: 2, autoRecycle: { enabled: false } };
  const issues = (input: unknown) => {
    const parsed = projectBasics.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('passes a sampling round at 95 percent unless the PM chooses another threshold', () => {
    expect(projectBasics.parse(basics).samplingPassThreshold).toBe(95);
    expect(projectBasics.parse({ ...basics, samplingPassThreshold: 0 }).samplingPassThreshold).toBe(0);
    expect(projectBasics.parse({ ...basics, samplingPassThreshold: 100 }).samplingPassThreshold).toBe(100);
  });
  it('refuses a threshold that is not a whole percent from 0 to 100', () => {
    expect(issues({ ...basics, samplingPassThreshold: 101 })).toEqual([{ path: 'samplingPassThreshold', message: 'validation.too_big' }]);
    expect(issues({ ...basics, samplingPassThreshold: -1 })).toEqual([{ path: 'samplingPassThreshold', message: 'validation.non_negative_integer' }]);
    expect(issues({ ...basics, samplingPassThreshold: 92.5 })).toEqual([{ path: 'samplingPassThreshold', message: 'validation.non_negative_integer' }]);
  });
  it('reads basics saved before the setting existed with the default threshold', () => {
    expect(samplingPassThresholdOf({})).toBe(95);
    expect(samplingPassThresholdOf(null)).toBe(95);
    expect(samplingPassThresholdOf({ samplingPassThreshold: 80 })).toBe(80);
  });
});
