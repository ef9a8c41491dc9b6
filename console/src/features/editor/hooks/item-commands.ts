// The commands on the item itself that every editor runs alike, the picture editor and the point-cloud editor:
// save, hand the item on (submit, release, pass, reject), mark it invalid, move to a neighbour, open the rule sheet
// or the shortcut sheet.
import type { ErrorMark } from '@annot/workflows';
import type { EditorJudging, EditorRequest } from '../components/editor-types';
import type { FlowCommand } from './use-editor-commands';

/** The dialogs these commands open, which every editor's own list of dialogs holds. */
export type ItemDialog = 'shortcuts' | 'invalid' | 'rule' | 'release';

export interface ItemCommandContext {
  verbs: string[];
  pendingMarks: ErrorMark[];
  neighbours: { previous: string | null; next: string | null };
  judging?: EditorJudging;
  onNavigate: (itemId: string | null) => void;
  /** Sends a request once the result is saved; true when the server took it. */
  act: (request: EditorRequest) => Promise<boolean>;
  flush: () => Promise<void>;
  /** The item holds drawn work, saved as a draft or not yet: releasing it asks first. */
  holdsWork: () => boolean;
  /** Leaves for another item once the result is saved. */
  leave: (itemId: string | null) => Promise<void>;
  setDialog: (update: ItemDialog | ((current: unknown) => ItemDialog | null)) => void;
}

/** A command that hands the item on moves to my next item, or back to the list; a gate's verdict goes where the page says. */
export function handItemOver(c: ItemCommandContext, request: EditorRequest): void {
  void c.act(request).then((done) => done && (c.judging ? c.judging.onSent(request.verb) : c.onNavigate(c.neighbours.next)));
}

/** Runs a command on the item and says so; false for the commands each editor runs its own way (fit, delete a track). */
export function runItemCommand(command: FlowCommand, c: ItemCommandContext): boolean {
  const handOver = (request: EditorRequest) => handItemOver(c, request);
  switch (command) {
    case 'save':
      void c.flush();
      return true;
    case 'release':
      if (c.verbs.includes(command)) {
        if (c.holdsWork()) c.setDialog('release');
        else handOver({ verb: command });
      }
      return true;
    case 'submit':
    case 'pass':
      if (c.verbs.includes(command)) handOver({ verb: command });
      return true;
    case 'reject':
      if (c.verbs.includes('reject') && c.pendingMarks.length > 0) handOver({ verb: 'reject', marks: c.pendingMarks });
      return true;
    case 'mark_invalid':
      if (c.verbs.includes('mark_invalid')) c.setDialog('invalid');
      return true;
    case 'next_item':
      if (c.neighbours.next) void c.leave(c.neighbours.next);
      return true;
    case 'previous_item':
      if (c.neighbours.previous) void c.leave(c.neighbours.previous);
      return true;
    case 'rule':
      c.setDialog((current) => (current === 'rule' ? null : 'rule'));
      return true;
    case 'shortcuts':
      c.setDialog('shortcuts');
      return true;
    default:
      return false;
  }
}
