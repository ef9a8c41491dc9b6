// Asks a lifecycle machine whether an event may happen in a given state, without running any effect.
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';

export type Decision = { allowed: true } | { allowed: false; from: string; event: string; allowedEvents: string[] };

export function snapshotOf(machine: AnyStateMachine, status: string, context: unknown): AnyMachineSnapshot {
  return machine.resolveState({ value: status, context });
}

export function allowedEvents(machine: AnyStateMachine, status: string, context: unknown): string[] {
  const snapshot = snapshotOf(machine, status, context);
  return machine.events.filter((type: string) => snapshot.can({ type } as EventObject));
}

export function decide(
  machine: AnyStateMachine,
  status: string,
  context: unknown,
  event: EventObject,
): Decision {
  const snapshot = snapshotOf(machine, status, context);
  if (snapshot.can(event)) return { allowed: true };
  // What the same caller may do here instead: the refusal never names the refused event, nor another person's.
  const allowedToCaller = machine.events.filter((type: string) => snapshot.can({ ...event, type }));
  return { allowed: false, from: status, event: event.type, allowedEvents: allowedToCaller };
}

export type LifecycleMachine = AnyStateMachine;
