// Group elements in the editor: which of the project's groups an object may join (those drawn with its tool), the
// instances of a group already on the item (one vehicle, another vehicle), and placing an object in one.
import type { ToolGroup } from '../projects/project.schemas';
import type { ResultDocument, ResultObject } from '../items/result.schema';

export type GroupRef = NonNullable<ResultObject['group']>;

/** The groups whose graphics include the object's tool: the only ones the validator lets it join. */
export function groupsForTool(groups: ToolGroup[], toolId: string): ToolGroup[] {
  return groups.filter((g) => g.toolIds.includes(toolId));
}

/** The instances of a group on the item, in the order they first appear, each with its members' count. */
export function groupInstances(doc: ResultDocument, groupName: string): { id: string; members: number }[] {
  const counts = new Map<string, number>();
  for (const o of doc.objects) if (o.group?.name === groupName) counts.set(o.group.id, (counts.get(o.group.id) ?? 0) + 1);
  return [...counts].map(([id, members]) => ({ id, members }));
}

/** A fresh instance id of a group: one past the highest number in use, so instances read 1, 2, 3 in the list. */
export function nextInstanceId(doc: ResultDocument, groupName: string): string {
  const numbers = groupInstances(doc, groupName).map((i) => Number(i.id)).filter(Number.isInteger);
  return String(Math.max(0, ...numbers) + 1);
}

/** Places the object in a group instance, or takes it out with null. */
export function setGroup(doc: ResultDocument, objectId: string, group: GroupRef | null): ResultDocument {
  let changed = false;
  const objects = doc.objects.map((o) => {
    if (o.id !== objectId || (o.group?.id === group?.id && o.group?.name === group?.name)) return o;
    changed = true;
    return { ...o, group };
  });
  return changed ? { ...doc, objects } : doc;
}
