// The creation wizard's rules, one describe per state: which step opens, which may be entered, where a save leads,
// and how publishing is asked, confirmed and refused.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { isComplete, projectWizardMachine, type WizardEvent, type WizardInput, wizardSteps } from './project-wizard.machine';

type Snapshot = ReturnType<typeof initialTransition<typeof projectWizardMachine>>[0];

const newDraft: WizardInput = { draft: false, missing: ['basics', 'tools', 'links', 'rules'], publishable: false, asked: null };
const draft: WizardInput = { draft: true, missing: ['tools', 'links', 'rules'], publishable: true, asked: null };
const open = (input: WizardInput): Snapshot => initialTransition(projectWizardMachine, input)[0];
const send = (snapshot: Snapshot, ...events: WizardEvent[]) => events.reduce((s, event) => transition(projectWizardMachine, s, event)[0], snapshot);
const stepOf = (snapshot: Snapshot) => snapshot.value.step;
const enterable = (snapshot: Snapshot) => wizardSteps.filter((step) => snapshot.can({ type: 'wizard.enter', step }));

describe('opening', () => {
  it('opens the step the address names once the draft exists', () => {
    expect(stepOf(open({ ...draft, asked: 'rules' }))).toBe('rules');
  });
  it('opens basic info for a new project, whatever the address names', () => {
    expect(stepOf(open({ ...newDraft, asked: 'links' }))).toBe('basics');
  });
  it('opens basic info for an address that names no step', () => {
    expect(stepOf(open({ ...draft, asked: 'nonsense' }))).toBe('basics');
  });
});

describe('basics', () => {
  it('lets only basic info be entered before the draft exists', () => {
    const snapshot = open(newDraft);
    expect(enterable(snapshot)).toEqual(['basics']);
    expect(stepOf(send(snapshot, { type: 'wizard.enter', step: 'members' }))).toBe('basics');
  });
  it('goes on to the tools once its save created the draft, and opens every step', () => {
    const saved = send(open(newDraft), { type: 'wizard.saved', step: 'basics' });
    expect(stepOf(saved)).toBe('tools');
    expect(enterable(saved)).toEqual([...wizardSteps]);
  });
});

describe('tools', () => {
  it('goes on to the links once saved', () => {
    expect(stepOf(send(open({ ...draft, asked: 'tools' }), { type: 'wizard.saved', step: 'tools' }))).toBe('links');
  });
});

describe('links', () => {
  it('goes on to the rules once saved, and back to any step on asking', () => {
    const links = open({ ...draft, asked: 'links' });
    expect(stepOf(send(links, { type: 'wizard.saved', step: 'links' }))).toBe('rules');
    expect(stepOf(send(links, { type: 'wizard.enter', step: 'basics' }))).toBe('basics');
  });
});

describe('rules', () => {
  it('goes on to the links\' people once saved', () => {
    expect(stepOf(send(open({ ...draft, asked: 'rules' }), { type: 'wizard.saved', step: 'rules' }))).toBe('members');
  });
});

describe('members', () => {
  it('lets the data step be entered next', () => {
    expect(stepOf(send(open({ ...draft, asked: 'members' }), { type: 'wizard.enter', step: 'data' }))).toBe('data');
  });
});

describe('data', () => {
  it('is the last step, and any earlier one may be entered again', () => {
    const snapshot = open({ ...draft, asked: 'data' });
    expect(stepOf(snapshot)).toBe('data');
    expect(stepOf(send(snapshot, { type: 'wizard.enter', step: 'tools' }))).toBe('tools');
  });
});

describe('publish: idle', () => {
  it('asks for a confirmation where the lifecycle allows publishing', () => {
    expect(send(open(draft), { type: 'wizard.publish' }).value.publish).toBe('confirming');
  });
  it('does not ask where the lifecycle does not allow it, until the server says it does', () => {
    const snapshot = open({ ...draft, publishable: false });
    expect(send(snapshot, { type: 'wizard.publish' }).value.publish).toBe('idle');
    const allowed = send(snapshot, { type: 'wizard.project', draft: true, missing: [], publishable: true }, { type: 'wizard.publish' });
    expect(allowed.value.publish).toBe('confirming');
  });
  it('counts the draft complete once the server counts no step missing', () => {
    expect(isComplete(open(draft).context)).toBe(false);
    expect(isComplete(send(open(draft), { type: 'wizard.project', draft: true, missing: [], publishable: true }).context)).toBe(true);
    expect(isComplete(open({ ...newDraft, missing: [] }).context)).toBe(false);
  });
});

describe('publish: confirming', () => {
  it('goes back to idle on cancel, and sends on confirm', () => {
    const asked = send(open(draft), { type: 'wizard.publish' });
    expect(send(asked, { type: 'wizard.cancel' }).value.publish).toBe('idle');
    expect(send(asked, { type: 'wizard.confirm' }).value.publish).toBe('publishing');
  });
});

describe('publish: publishing', () => {
  const publishing = () => send(open(draft), { type: 'wizard.publish' }, { type: 'wizard.confirm' });
  it('cannot be asked twice while on its way', () => {
    expect(publishing().can({ type: 'wizard.publish' })).toBe(false);
  });
  it('keeps the server\'s reasons on a refusal, and forgets them on the next confirm', () => {
    const refused = send(publishing(), { type: 'wizard.refused', reasons: ['Tools missing', 'Rules missing'] });
    expect(refused.value.publish).toBe('idle');
    expect(refused.context.refusal).toEqual(['Tools missing', 'Rules missing']);
    expect(send(refused, { type: 'wizard.publish' }, { type: 'wizard.confirm' }).context.refusal).toEqual([]);
  });
  it('ends once published', () => {
    expect(send(publishing(), { type: 'wizard.published' }).value.publish).toBe('published');
  });
});
