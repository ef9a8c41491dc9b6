import { describe, expect, it } from 'vitest';
import { ReadAhead } from './read-ahead';

/** Openings that finish only when told to, recording which have started. */
function openings(count: number) {
  const started: number[] = [];
  const finish: ((value: number) => void)[] = [];
  const fail: ((error: Error) => void)[] = [];
  const list = Array.from({ length: count }, (_, i) => () => {
    started.push(i);
    return new Promise<number>((resolve, reject) => {
      finish[i] = resolve;
      fail[i] = reject;
    });
  });
  return { list, started, finish, fail };
}

describe(ReadAhead.name, () => {
  it('opens at most the window ahead, starts the next as one is taken, and answers in the order added', async () => {
    const { list, started, finish } = openings(6);
    const ahead = new ReadAhead<number>(2, () => undefined);
    ahead.push(list.slice(0, 4));
    expect(started).toEqual([0, 1]);
    const first = ahead.next();
    expect(started).toEqual([0, 1, 2]);
    ahead.push(list.slice(4));
    // Later ones finishing first do not pass the earlier.
    finish[2](2);
    finish[1](1);
    finish[0](0);
    expect(await first).toBe(0);
    expect(await ahead.next()).toBe(1);
    expect(await ahead.next()).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish[3](3);
    finish[4](4);
    expect(await ahead.next()).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    finish[5](5);
    expect([await ahead.next(), await ahead.next()]).toEqual([4, 5]);
    expect(() => ahead.next()).toThrow();
  });

  it('answers a failed opening when its turn comes, and goes on after it', async () => {
    const { list, finish, fail } = openings(2);
    const ahead = new ReadAhead<number>(4, () => undefined);
    ahead.push(list);
    fail[0](new Error('gone'));
    finish[1](1);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(ahead.next()).rejects.toThrow('gone');
    expect(await ahead.next()).toBe(1);
  });

  it('disposes of what was opened and not taken when closed, opening nothing more', async () => {
    const { list, started, finish, fail } = openings(5);
    const disposed: number[] = [];
    const ahead = new ReadAhead<number>(3, (value) => disposed.push(value));
    ahead.push(list);
    const taken = ahead.next();
    finish[0](0);
    expect(await taken).toBe(0);
    finish[1](1);
    ahead.close();
    // One still under way when closed is disposed of when it arrives; a failed one has nothing to dispose of.
    finish[2](2);
    fail[3](new Error('gone'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(disposed.sort()).toEqual([1, 2]);
    expect(started).toEqual([0, 1, 2, 3]);
    ahead.push(list);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(() => ahead.next()).toThrow();
  });
});
