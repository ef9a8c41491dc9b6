import { describe, expect, it } from 'vitest';
import { samplingActionsFor } from './sampling.actions';
import { samplingMachineContext, type SamplingState } from './sampling.evolve';
import { annotator, given, happened, inspector, judgedAll, otherInspector, pm, scope } from './sampling.test-fixtures';

const actions = (state: SamplingState, actor = inspector, inspects = true) => samplingActionsFor(state.status, samplingMachineContext(state), actor, inspects);

describe(samplingActionsFor.name, () => {
  describe('open', () => {
    const open = given([happened.created()]);

    it('offers an inspector the claim while an item is free for them', () => {
      expect(actions(open)).toEqual(['sampling.claim']);
    });
    it('offers the holder its item to judge or give back, and the claim that hands it back', () => {
      const held = given([happened.claimed(1, scope[0])], open);
      expect(actions(held)).toEqual(['sampling.claim', 'sampling.release', 'sampling.judge']);
      expect(actions(held, otherInspector)).toEqual(['sampling.claim']);
    });
    it('lets a manager take a claim back, and offers nothing to who is no inspector', () => {
      const held = given([happened.claimed(1, scope[0])], open);
      expect(actions(held, pm)).toEqual(['sampling.claim', 'sampling.release']);
      expect(actions(held, otherInspector, false)).toEqual([]);
    });
    it('offers no claim to an inspector who annotated every free item', () => {
      expect(open.sample.every((s) => s.annotatorId === annotator.id)).toBe(true);
      expect(actions(open, annotator)).toEqual([]);
    });
  });

  describe('returned_for_rework', () => {
    it('offers the manager the next round only', () => {
      const open = given([happened.created(75)]);
      const returned = given([...judgedAll(open, 2), happened.returned(1, open.sample.slice(0, 2))], open);
      expect(returned.status).toBe('returned_for_rework');
      expect(actions(returned, pm)).toEqual(['sampling.start_round']);
      expect(actions(returned)).toEqual([]);
    });
  });
});
