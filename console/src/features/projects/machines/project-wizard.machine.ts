// The creation wizard's interaction rules as a machine, in two regions: the step shown (only basic info until the
// draft exists; a saved step moves on to the next) and publishing (asked, confirmed, on its way, refused with what is
// missing). What a draft lacks and whether it may be published stay the server's: the project's missing steps and its
// lifecycle machine come in through `wizard.project`.
import { assign, setup } from 'xstate';
import { projectSteps, type ProjectStep } from '@annot/workflows';

export const wizardSteps = [...projectSteps, 'members', 'data'] as const;
export type WizardStep = (typeof wizardSteps)[number];

export interface WizardContext {
  /** The draft exists on the server: every step past basic info works on it. */
  draft: boolean;
  /** The configuration steps the draft still lacks, as the server counts them. */
  missing: ProjectStep[];
  /** The project's lifecycle allows publishing it now. */
  publishable: boolean;
  /** Why the server refused the last publish, one message a reason. */
  refusal: string[];
  /** The step the address named when the wizard opened. */
  asked: string | null;
}

export type WizardInput = Omit<WizardContext, 'refusal'>;

export type WizardEvent =
  | { type: 'wizard.enter'; step: WizardStep }
  /** A configuration step saved; the first save creates the draft. */
  | { type: 'wizard.saved'; step: ProjectStep }
  /** The server's view of the project changed (a save or a refetch). */
  | { type: 'wizard.project'; draft: boolean; missing: ProjectStep[]; publishable: boolean }
  | { type: 'wizard.publish' }
  | { type: 'wizard.cancel' }
  | { type: 'wizard.confirm' }
  | { type: 'wizard.published' }
  | { type: 'wizard.refused'; reasons: string[] };

const mayEnter = (context: WizardContext, step: WizardStep) => step === 'basics' || context.draft;
/** The step after a saved one: configuration goes on to the people of its links. */
export const stepAfter = (step: ProjectStep): WizardStep => wizardSteps[wizardSteps.indexOf(step) + 1];

/** A draft is complete once the server counts no step as missing. */
export const isComplete = (context: WizardContext) => context.draft && context.missing.length === 0;

export const projectWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    input: {} as WizardInput,
    events: {} as WizardEvent,
  },
  guards: {
    opens: ({ context }, { step }: { step: WizardStep }) => context.asked === step && mayEnter(context, step),
    enters: ({ context, event }, { step }: { step: WizardStep }) => event.type === 'wizard.enter' && event.step === step && mayEnter(context, step),
    follows: ({ event }, { step }: { step: WizardStep }) => event.type === 'wizard.saved' && stepAfter(event.step) === step,
    publishable: ({ context }) => context.publishable,
  },
  actions: {
    draftSaved: assign({ draft: true }),
    project: assign(({ event }) => (event.type === 'wizard.project' ? { draft: event.draft, missing: event.missing, publishable: event.publishable } : {})),
    refused: assign({ refusal: ({ event }) => (event.type === 'wizard.refused' ? event.reasons : []) }),
    forgetRefusal: assign({ refusal: [] }),
  },
}).createMachine({
  id: 'projectWizard',
  type: 'parallel',
  context: ({ input }) => ({ ...input, refusal: [] }),
  on: { 'wizard.project': { actions: 'project' } },
  states: {
    step: {
      initial: 'opening',
      // Every step is one state; the guards decide which may be entered from wherever the person is.
      on: {
        'wizard.enter': wizardSteps.map((step) => ({ guard: { type: 'enters' as const, params: { step } }, target: `.${step}` })),
        'wizard.saved': wizardSteps.map((step) => ({ guard: { type: 'follows' as const, params: { step } }, target: `.${step}`, actions: 'draftSaved' as const })),
      },
      states: {
        // The address names the step to open; a step the draft does not allow yet opens basic info instead.
        opening: {
          always: [
            ...wizardSteps.map((step) => ({ guard: { type: 'opens' as const, params: { step } }, target: step })),
            { target: 'basics' },
          ],
        },
        basics: {},
        tools: {},
        links: {},
        rules: {},
        members: {},
        data: {},
      },
    },
    publish: {
      initial: 'idle',
      states: {
        idle: { on: { 'wizard.publish': { guard: 'publishable', target: 'confirming' } } },
        confirming: { on: { 'wizard.cancel': 'idle', 'wizard.confirm': { target: 'publishing', actions: 'forgetRefusal' } } },
        publishing: { on: { 'wizard.published': 'published', 'wizard.refused': { target: 'idle', actions: 'refused' } } },
        published: { type: 'final' },
      },
    },
  },
});
