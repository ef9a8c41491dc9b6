// Which decider and machine event each action on an item uses: one table for single and bulk actions.
import {
  acceptHeldItem,
  confirmInvalidity,
  type ErrorMark,
  markInvalid,
  markValid,
  overturnInvalidity,
  passItem,
  recycleItem,
  rejectItem,
  releaseItem,
  type ResultConfig,
  type ResultDocument,
  saveResult,
  submitItem,
} from '@annot/workflows';
import type { ItemDecider } from './item-work.service';

export type ItemAction =
  | { kind: 'save'; result: ResultDocument }
  | { kind: 'submit' }
  | { kind: 'release' }
  | { kind: 'mark_invalid'; reasonId: string }
  | { kind: 'mark_valid' }
  | { kind: 'pass' }
  | { kind: 'reject'; marks: ErrorMark[] }
  | { kind: 'confirm_invalid' }
  | { kind: 'overturn_invalid' }
  | { kind: 'recycle'; target: 'annotation_pool' | 'same_link'; keepResult: boolean }
  | { kind: 'accept' };

const byPerson = (type: string) => (who: { id: string; manager: boolean }) => ({ type, actorId: who.id, manager: who.manager }) as never;

export function deciderFor(action: ItemAction, config: ResultConfig | null): ItemDecider {
  const now = new Date();
  switch (action.kind) {
    case 'save':
      return { event: byPerson('item.save'), decide: (s, p, who) => saveResult(s, p, who, { result: action.result, config: config!, now }) };
    case 'submit':
      return { event: byPerson('item.submit'), decide: (s, p, who) => submitItem(s, p, who, { config: config!, now }) };
    case 'release':
      return { event: byPerson('item.release'), decide: releaseItem };
    case 'mark_invalid':
      return { event: byPerson('item.mark_invalid'), decide: (s, p, who) => markInvalid(s, p, who, { reasonId: action.reasonId }) };
    case 'mark_valid':
      return { event: byPerson('item.mark_valid'), decide: markValid };
    case 'pass':
      return { event: byPerson('item.pass'), decide: passItem };
    case 'reject':
      return { event: byPerson('item.reject'), decide: (s, p, who) => rejectItem(s, p, who, { marks: action.marks }) };
    case 'confirm_invalid':
      return { event: byPerson('item.confirm_invalid'), decide: confirmInvalidity };
    case 'overturn_invalid':
      return { event: byPerson('item.overturn_invalid'), decide: overturnInvalidity };
    case 'recycle':
      return { event: byPerson('item.recycle'), decide: (s, p, who) => recycleItem(s, p, who, { target: action.target, keepResult: action.keepResult }) };
    case 'accept':
      return { event: byPerson('item.accept'), decide: acceptHeldItem };
  }
}
