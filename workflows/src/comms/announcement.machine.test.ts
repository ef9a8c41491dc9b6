import { describe } from 'vitest';
import { itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../shared/machine-edges.test-support';
import { announcementMachine, type AnnouncementMachineStatus } from './announcement.machine';

type Event = { type: 'announcement.edit' | 'announcement.schedule' | 'announcement.publish' | 'announcement.stop' };
const edges: MachineEdge<AnnouncementMachineStatus, undefined, Event>[] = [
  ['draft', 'an admin edits it', undefined, { type: 'announcement.edit' }, 'draft'],
  ['draft', 'an admin publishes it at a time', undefined, { type: 'announcement.schedule' }, 'scheduled'],
  ['draft', 'an admin publishes it now', undefined, { type: 'announcement.publish' }, 'published'],
  ['scheduled', 'an admin edits it before its time', undefined, { type: 'announcement.edit' }, 'scheduled'],
  ['scheduled', 'an admin moves its time', undefined, { type: 'announcement.schedule' }, 'scheduled'],
  ['scheduled', 'its time comes, or an admin publishes it early', undefined, { type: 'announcement.publish' }, 'published'],
  ['scheduled', 'an admin calls it off', undefined, { type: 'announcement.stop' }, 'stopped'],
  ['published', 'an admin stops publishing it', undefined, { type: 'announcement.stop' }, 'stopped'],
  ['stopped', 'an admin publishes it again', undefined, { type: 'announcement.publish' }, 'published'],
];
const refusals: MachineRefusal<AnnouncementMachineStatus, undefined, Event>[] = [
  ['draft', 'a draft was never published', undefined, { type: 'announcement.stop' }],
  ['published', 'readers saw it as it is', undefined, { type: 'announcement.edit' }],
  ['published', 'it is out already', undefined, { type: 'announcement.schedule' }],
  ['published', 'it is out already', undefined, { type: 'announcement.publish' }],
  ['stopped', 'readers saw it as it was', undefined, { type: 'announcement.edit' }],
  ['stopped', 'it is stopped already', undefined, { type: 'announcement.stop' }],
  ['stopped', 'a stopped one is published again now or not at all', undefined, { type: 'announcement.schedule' }],
];

describe('announcement machine', () => {
  for (const state of ['draft', 'scheduled', 'published', 'stopped'] as const) {
    describe(state, () => itTakesItsEdges(announcementMachine, state, edges, refusals));
  }
});
