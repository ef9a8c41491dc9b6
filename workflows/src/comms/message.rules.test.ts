import { describe, expect, it } from 'vitest';
import { messageRulingOf, messageSourceTypes } from './message.rules';

const project = '00000000-0000-4000-8000-000000000001';
const item = '00000000-0000-0000-0000-0000000000aa';
const annotator = '00000000-0000-4000-8000-0000000000a1';
const pm = '00000000-0000-4000-8000-0000000000b1';
const acceptor = '00000000-0000-4000-8000-0000000000c1';
const batch = '00000000-0000-4000-8000-0000000000d1';

describe(messageRulingOf.name, () => {
  describe('the work loop', () => {
    it('writes to the annotator an inspector rejected an item back to', () => {
      const ruling = messageRulingOf({ type: 'ItemRejected', data: { itemId: item, projectId: project, preferredClaimerId: annotator, reworkCount: 2, marks: [{}] } }, pm);
      expect(ruling.notices).toEqual([{ kind: 'item_rejected', to: [{ accountId: annotator }], projectId: project, subject: { type: 'item', id: item }, params: { reworkCount: 2, marks: 1 } }]);
    });

    it('writes to no one when the rejected result has no annotator to offer it to', () => {
      expect(messageRulingOf({ type: 'ItemRejected', data: { itemId: item, projectId: project, preferredClaimerId: null, reworkCount: 1, marks: [] } }, pm).notices).toEqual([]);
    });

    it('tells the PM who drafted the project that an item reached its rework limit', () => {
      expect(messageRulingOf({ type: 'ProjectDrafted', data: { projectId: project, title: 'p' } }, pm).follows).toEqual([{ subjectId: project, accountId: pm, as: 'owner' }]);
      const held = messageRulingOf({ type: 'ItemHeld', data: { itemId: item, projectId: project, reworkCount: 3, reworkMaxCount: 2 } }, 'system');
      expect(held.notices[0]).toMatchObject({ kind: 'item_held', to: [{ subjectId: project, as: 'owner' }] });
    });
  });

  describe('acceptance', () => {
    it('gives the batch to its acceptors, and makes its creator its owner', () => {
      const ruling = messageRulingOf({ type: 'AcceptanceBatchCreated', data: { batchId: batch, projectId: project, sequence: 1, items: [{}, {}], acceptorIds: [acceptor], createdBy: pm } }, pm);
      expect(ruling.follows).toEqual([{ subjectId: batch, accountId: pm, as: 'owner' }]);
      expect(ruling.notices).toEqual([{ kind: 'acceptance_assigned', to: [{ accountId: acceptor }], projectId: project, subject: { type: 'acceptance_batch', id: batch }, params: { sequence: 1, items: 2 } }]);
    });

    it('tells the owner of a submitted batch, and the acceptor who worked on it of the verdict', () => {
      expect(messageRulingOf({ type: 'AcceptanceBatchClaimed', data: { batchId: batch, projectId: project, acceptorId: acceptor } }, acceptor).follows).toEqual([{ subjectId: batch, accountId: acceptor, as: 'worker' }]);
      expect(messageRulingOf({ type: 'AcceptanceBatchSubmitted', data: { batchId: batch, projectId: project, passed: 3, rejected: 1 } }, acceptor).notices[0].to).toEqual([{ subjectId: batch, as: 'owner' }]);
      const verdict = messageRulingOf({ type: 'AcceptanceBatchRejected', data: { batchId: batch, projectId: project, passed: ['a'], returned: [{}], rejected: [{}] } }, pm);
      expect(verdict.notices[0]).toMatchObject({ kind: 'acceptance_rejected', to: [{ subjectId: batch, as: 'worker' }], params: { passed: 1, rejected: 2 } });
    });
  });

  describe('background work', () => {
    it('tells whoever asked for an export how it ended', () => {
      const exportId = '00000000-0000-4000-8000-0000000000e1';
      expect(messageRulingOf({ type: 'ExportRequested', data: { exportId, projectId: project, requestedBy: pm } }, pm).follows).toEqual([{ subjectId: exportId, accountId: pm, as: 'owner' }]);
      expect(messageRulingOf({ type: 'ExportFailed', data: { exportId, projectId: project, reasonKey: 'exports.failed' } }, 'system').notices[0]).toMatchObject({ kind: 'export_failed', params: { reasonKey: 'exports.failed' } });
    });

    it('tells the caller of an algorithm the platform stopped, but not one who stopped it themselves', () => {
      const callId = '00000000-0000-4000-8000-0000000000f1';
      expect(messageRulingOf({ type: 'AlgorithmCallStopped', data: { callId, reasonKey: 'algorithms.circuit_stopped', stoppedBy: 'system' } }, 'system').notices).toHaveLength(1);
      expect(messageRulingOf({ type: 'AlgorithmCallStopped', data: { callId, reasonKey: 'algorithms.stopped_by', stoppedBy: pm } }, pm).notices).toEqual([]);
    });

    it('reads only the event types it lists', () => {
      expect(messageRulingOf({ type: 'ResultSaved', data: {} }, annotator)).toEqual({ follows: [], notices: [] });
      expect(messageSourceTypes).not.toContain('ResultSaved');
    });
  });
});
