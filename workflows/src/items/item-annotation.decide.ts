// Deciders of the claimer's work on a result: saving it, marking the item invalid or valid, and submitting it.
import { accept, claimerRefusal, currentLinkType, itemRef, type ItemDecision, machineRefusal, refuse, type ItemActor } from './item.decide';
import type { ItemState } from './item.evolve';
import { emptyResult, type ResultDocument } from './result.schema';
import { type CheckedResult, checkedResult, type ResultConfig, submitIssues } from './result.validation';
import { linkAfter, type WorkPlan } from './work-plan';

export interface SaveResultInput {
  result: ResultDocument;
  config: ResultConfig;
  now: Date;
}

/** Every save is a new result version; an inspector saves only where the project lets inspectors modify. */
export function saveResult(state: ItemState, plan: WorkPlan, actor: ItemActor, input: SaveResultInput): ItemDecision {
  const notClaimer = claimerRefusal(state, actor);
  if (notClaimer) return notClaimer;
  if (state.status === 'claimed' && currentLinkType(state, plan) === 'inspection' && !plan.inspectorMayModify) return refuse('items.inspector_may_not_modify');
  const refused = machineRefusal(state, plan, { type: 'item.save', actorId: actor.id });
  if (refused) return refused;
  return savedResult(state, actor, input);
}

/** A result checked as a save is and saved as the next version, by whoever the decider let save it. */
export function savedResult(state: ItemState, actor: ItemActor, input: SaveResultInput): ItemDecision {
  const checked = checkedResult(input.result, input.config);
  if (!checked.result) return refuse('items.result_invalid', { count: checked.issues.length }, checked.issues);
  return resultSaved(state, actor, checked.result, input.now);
}

/** A checked result saved as the next version. */
export function resultSaved(state: ItemState, actor: ItemActor, result: CheckedResult, now: Date): ItemDecision {
  return accept({
    type: 'ResultSaved',
    data: {
      ...itemRef(state),
      linkId: state.linkId!,
      resultVersion: state.resultVersion + 1,
      savedBy: actor.id,
      savedAt: now.toISOString(),
      objectCount: result.objects.length,
      result,
    },
  });
}

export interface SubmitInput {
  config: ResultConfig;
  now: Date;
}

/**
 * Submits the last saved result to the next link's pool. A result missing a required attribute is refused, naming
 * the object and the attribute; an item marked invalid goes on without one, for the inspector to judge the mark.
 */
export function submitItem(state: ItemState, plan: WorkPlan, actor: ItemActor, input: SubmitInput): ItemDecision {
  const notClaimer = claimerRefusal(state, actor);
  if (notClaimer) return notClaimer;
  const refused = machineRefusal(state, plan, { type: 'item.submit', actorId: actor.id });
  if (refused) return refused;
  if (state.effectiveness === 'valid') {
    const issues = submitIssues(state.result ?? emptyResult(), input.config);
    if (issues.length > 0) return refuse('items.result_incomplete', { count: issues.length }, issues);
  }
  return accept({
    type: 'ItemSubmitted',
    data: {
      ...itemRef(state),
      linkId: state.linkId!,
      claimId: state.claimId!,
      submittedBy: actor.id,
      submittedAt: input.now.toISOString(),
      resultVersion: state.resultVersion,
      rework: state.rework,
      toLinkId: linkAfter(plan.links, state.linkId)!.id,
    },
  });
}

/** The annotator says the item cannot be annotated, with an invalid-image reason from the catalog. */
export function markInvalid(state: ItemState, plan: WorkPlan, actor: ItemActor, input: { reasonId: string }): ItemDecision {
  const notClaimer = claimerRefusal(state, actor);
  if (notClaimer) return notClaimer;
  const refused = machineRefusal(state, plan, { type: 'item.mark_invalid', actorId: actor.id });
  if (refused) return refused;
  return accept({ type: 'ItemMarkedInvalid', data: { ...itemRef(state), linkId: state.linkId!, markedBy: actor.id, reasonId: input.reasonId } });
}

/** The annotator takes back their invalid mark before submitting. */
export function markValid(state: ItemState, plan: WorkPlan, actor: ItemActor): ItemDecision {
  const notClaimer = claimerRefusal(state, actor);
  if (notClaimer) return notClaimer;
  const refused = machineRefusal(state, plan, { type: 'item.mark_valid', actorId: actor.id });
  if (refused) return refused;
  return accept({ type: 'ItemMarkedValid', data: { ...itemRef(state), linkId: state.linkId!, markedBy: actor.id } });
}
