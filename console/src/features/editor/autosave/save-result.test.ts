// How the server's answer to a save counts for the autosave: worth a retry, a conflict, or a refused document.
import { describe, expect, it } from 'vitest';
import { outcomeOf } from './save-result';

describe('outcomeOf', () => {
  it('retries what the network, the session or the server failed', () => {
    expect(outcomeOf(0, 'NETWORK')).toBe('retry');
    expect(outcomeOf(503, 'INTERNAL')).toBe('retry');
    expect(outcomeOf(429, 'RATE_LIMITED')).toBe('retry');
    expect(outcomeOf(403, 'TOKEN_INVALID')).toBe('retry');
  });
  it('counts a version mismatch, a move of the item and a lost membership as conflicts', () => {
    expect(outcomeOf(409, 'VERSION_CONFLICT')).toBe('version');
    expect(outcomeOf(412, null)).toBe('version');
    expect(outcomeOf(409, 'INVALID_TRANSITION')).toBe('state');
    expect(outcomeOf(403, 'FORBIDDEN')).toBe('access');
  });
  it('counts a refused document as refused', () => {
    expect(outcomeOf(400, 'VALIDATION_FAILED')).toBe('refused');
    expect(outcomeOf(413, 'TOO_LARGE')).toBe('refused');
  });
});
