import { describe, expect, it } from 'vitest';
import { emptyResult } from '../items/result.schema';
import { submitIssues } from '../items/result.validation';
import { toolInput } from '../catalog/tool.schemas';
import { groupInstances, groupsForTool, nextInstanceId, setGroup } from './groups';
import { addObjects, newObject } from './objects';

const bodyTool = { toolId: '00000000-0000-4000-8000-00000000000a', toolVersion: 1, definition: toolInput.parse({ name: 'body', templateType: 'box' }) };
const wheelTool = { toolId: '00000000-0000-4000-8000-00000000000b', toolVersion: 1, definition: toolInput.parse({ name: 'wheel', templateType: 'box' }) };
const laneTool = { toolId: '00000000-0000-4000-8000-00000000000c', toolVersion: 1, definition: toolInput.parse({ name: 'lane', templateType: 'line' }) };
const vehicle = { name: 'vehicle', toolIds: [bodyTool.toolId, wheelTool.toolId] };
const box = { type: 'box' as const, x: 0, y: 0, width: 10, height: 10 };
const doc = () => addObjects(emptyResult(), [newObject('body', bodyTool, box), newObject('wheel', wheelTool, box), newObject('lane', laneTool, { type: 'line', points: [box, box] })]);
const config = { tools: [bodyTool, wheelTool, laneTool], image: null, groups: [vehicle] };

describe('groups', () => {
  describe(groupsForTool.name, () => {
    it('offers only the groups drawn with the tool', () => {
      expect(groupsForTool([vehicle], wheelTool.toolId)).toEqual([vehicle]);
      expect(groupsForTool([vehicle], laneTool.toolId)).toEqual([]);
    });
  });

  describe(setGroup.name, () => {
    it('puts a body and its wheel in one instance, which the validator accepts', () => {
      const grouped = setGroup(setGroup(doc(), 'body', { id: '1', name: 'vehicle' }), 'wheel', { id: '1', name: 'vehicle' });
      expect(groupInstances(grouped, 'vehicle')).toEqual([{ id: '1', members: 2 }]);
      expect(submitIssues(grouped, config)).toEqual([]);
    });
    it('is refused by the validator for a tool outside the group', () => {
      const wrong = setGroup(doc(), 'lane', { id: '1', name: 'vehicle' });
      expect(submitIssues(wrong, config)).toEqual([expect.objectContaining({ objectId: 'lane', messageKey: 'projects.group_tools_inconsistent' })]);
    });
    it('takes an object out with null and keeps the document when nothing changes', () => {
      const grouped = setGroup(doc(), 'body', { id: '1', name: 'vehicle' });
      expect(setGroup(grouped, 'body', null).objects[0].group).toBeNull();
      expect(setGroup(grouped, 'body', { id: '1', name: 'vehicle' })).toBe(grouped);
    });
  });

  describe(nextInstanceId.name, () => {
    it('numbers instances one past the highest', () => {
      expect(nextInstanceId(doc(), 'vehicle')).toBe('1');
      expect(nextInstanceId(setGroup(doc(), 'body', { id: '4', name: 'vehicle' }), 'vehicle')).toBe('5');
    });
  });
});
