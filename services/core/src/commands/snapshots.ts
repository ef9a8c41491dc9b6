// The folded states of long-lived streams, kept between commands so a command folds only the events after them. Only
// the write side reads them, and always with the events written since, so no decision rests on an older version.
import type { Loaded } from './command-pipeline';

const capacity = 1_000;

export class Snapshots {
  private readonly states = new Map<string, Loaded<unknown>>();

  get<S>(streamId: string): Loaded<S> | undefined {
    const found = this.states.get(streamId) as Loaded<S> | undefined;
    if (found) {
      // Most recently used last, so the oldest is the first to go.
      this.states.delete(streamId);
      this.states.set(streamId, found);
    }
    return found;
  }

  /** Kept frozen: a state shared by every later command must not be changed by one of them. */
  set<S>(streamId: string, loaded: Loaded<S>): void {
    const current = this.states.get(streamId);
    if (current && current.version >= loaded.version) return;
    this.states.delete(streamId);
    this.states.set(streamId, { state: deepFreeze(loaded.state), version: loaded.version });
    if (this.states.size > capacity) this.states.delete(this.states.keys().next().value!);
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
