import { describe, expect, it } from 'vitest';
import { foreignMarkIndex, projectErrorGroups } from './project-error-groups.rules';

const catalogue = [
  { id: '00000000-0000-4000-8000-0000000000a1', name: 'Box fit' },
  { id: '00000000-0000-4000-8000-0000000000a2', name: 'Lane lines' },
  { id: '00000000-0000-4000-8000-0000000000a3', name: 'Pedestrians' },
];
const [boxFit, lanes, pedestrians] = catalogue;

describe(projectErrorGroups.name, () => {
  it('offers only the groups the project chose, in the catalogue order', () => {
    expect(projectErrorGroups(catalogue, { errorGroupIds: [pedestrians.id, boxFit.id] })).toEqual([boxFit, pedestrians]);
  });

  it('offers nothing of the catalogue to a project that chose none, saved its rules before choosing, or has no rules yet', () => {
    expect(projectErrorGroups(catalogue, { errorGroupIds: [] })).toEqual([]);
    expect(projectErrorGroups(catalogue, {})).toEqual([]);
    expect(projectErrorGroups(catalogue, null)).toEqual([]);
  });

  it('leaves out a chosen group that is no longer in the catalogue', () => {
    expect(projectErrorGroups([boxFit, lanes], { errorGroupIds: [lanes.id, pedestrians.id] })).toEqual([lanes]);
  });
});

describe(foreignMarkIndex.name, () => {
  it('finds the first mark naming a group outside the project', () => {
    expect(foreignMarkIndex([{ errorGroupId: boxFit.id }, { errorGroupId: lanes.id }], [boxFit])).toBe(1);
  });

  it('answers -1 when every mark names one of the project groups', () => {
    expect(foreignMarkIndex([{ errorGroupId: boxFit.id }], [boxFit, lanes])).toBe(-1);
    expect(foreignMarkIndex([], [])).toBe(-1);
  });
});
