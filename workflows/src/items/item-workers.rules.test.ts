import { describe, expect, it } from 'vitest';
import { mayKnowWorkers, withoutOtherWorkers } from './item-workers.rules';

describe('mayKnowWorkers', () => {
  it('lets the staff and a supplier know who worked on an item, and no tagger or client acceptor', () => {
    expect(['01', '10', '20', '30'].map(mayKnowWorkers)).toEqual([true, true, true, true]);
    expect(['40', '50'].map(mayKnowWorkers)).toEqual([false, false]);
  });
  it('keeps the platform\'s own work and the reader\'s own', () => {
    expect(withoutOtherWorkers({ actorId: 'system', actorName: null, data: {} }, 'me').actorId).toBe('system');
    expect(withoutOtherWorkers({ actorId: 'me', actorName: 'Me', data: {} }, 'me').actorName).toBe('Me');
  });
});

describe(withoutOtherWorkers.name, () => {
  it('leaves out every other person and keeps the reader', () => {
    const entry = { type: 'ItemSubmitted', actorId: 'ann', actorName: 'Ann', at: 't', data: { submittedBy: 'ann', claimerId: 'me', annotatorIds: ['ann', 'me'], resultVersion: 2 } };
    expect(withoutOtherWorkers(entry, 'me')).toEqual({ type: 'ItemSubmitted', actorId: null, actorName: null, at: 't', data: { submittedBy: null, claimerId: 'me', annotatorIds: ['me'], resultVersion: 2 } });
  });
  it('keeps the platform\'s own work and the reader\'s own', () => {
    expect(withoutOtherWorkers({ actorId: 'system', actorName: null, data: {} }, 'me').actorId).toBe('system');
    expect(withoutOtherWorkers({ actorId: 'me', actorName: 'Me', data: {} }, 'me').actorName).toBe('Me');
  });
});
