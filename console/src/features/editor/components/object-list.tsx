// Every object of the item: its class, its own values and its frame values at the frame on screen, a warning where the submission check finds a gap,
// the inspector's marks on it, and its hide and lock switches. A click selects it.
import type { TFunction } from 'i18next';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { frameAttributesAt, type ResultIssue, type ResultObject } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { toggleObjectFlag } from '../stores/editor-actions';
import { useEditor, useEditorStore } from '../stores/editor-store';
import { type EditorSetup, toolOf, useEditorSetup } from './editor-setup';
import { issueText } from './issue-text';
import { formatDigits } from '@/lib/numbers';
import { selectPicked } from '../modes/tool-mode-actions';

const listPage = 100;

export interface ObjectListProps {
  issues: ResultIssue[];
  markCounts: ReadonlyMap<string, number>;
}

export function ObjectList({ issues, markCounts }: ObjectListProps) {
  const { t } = useTranslation();
  const objects = useEditor((s) => s.history.present.objects);
  const selected = useEditor((s) => s.selected);
  const hidden = useEditor((s) => s.hidden);
  const locked = useEditor((s) => s.locked);
  const frame = useEditor((s) => s.frame);
  const setup = useEditorSetup();
  // Thousands of rows would cost the first frame more than the canvas itself; more come on request, and a
  // selected object is always among those shown.
  const [limit, setLimit] = useState(listPage);
  const lastSelected = selected.size === 0 ? -1 : objects.reduce((last, o, i) => (selected.has(o.id) ? i : last), -1);
  const shown = Math.max(limit, lastSelected + 1);
  const issuesOf = new Map<string, ResultIssue[]>();
  for (const issue of issues) if (issue.objectId) issuesOf.set(issue.objectId, [...(issuesOf.get(issue.objectId) ?? []), issue]);
  return (
    <section className="grid gap-1 p-3" aria-label={t('editor_objects')}>
      <h3 className="text-sm font-semibold">{t('editor_objects_count', { count: objects.length })}</h3>
      <ul className="grid gap-0.5">
        {objects.slice(0, shown).map((object, index) => (
          <ObjectRow
            key={object.id}
            object={object}
            index={index}
            selected={selected.has(object.id)}
            hidden={hidden.has(object.id)}
            locked={locked.has(object.id)}
            issues={issuesOf.get(object.id)}
            marks={markCounts.get(object.id) ?? 0}
            summary={attributeSummary(setup, object, frame)}
            t={t}
          />
        ))}
      </ul>
      {objects.length > shown && (
        <Button size="sm" variant="ghost" onClick={() => setLimit(shown + listPage)}>
          {t('editor_objects_more', { count: Math.min(listPage, objects.length - shown), total: objects.length - shown })}
        </Button>
      )}
    </section>
  );
}

/** The object's own values, then its frame values where the frame on screen has them, by their display names. */
function attributeSummary(setup: EditorSetup, object: ResultObject, frame: number): string {
  const attributes = toolOf(setup, object.toolId)?.definition.attributes;
  return Object.entries({ ...object.attributes, ...frameAttributesAt(object, frame) })
    .map(([name, value]) => `${attributes?.find((a) => a.name === name)?.displayName ?? name}: ${Array.isArray(value) ? value.join(', ') : value}`)
    .join(' · ');
}

interface RowProps {
  object: ResultObject;
  index: number;
  selected: boolean;
  hidden: boolean;
  locked: boolean;
  issues: ResultIssue[] | undefined;
  marks: number;
  /** The values at the frame on screen, as text: a row shows again only where its text changes. */
  summary: string;
  /** From the list: a translation hook in each of a hundred rows costs the list's first showing dearly. */
  t: TFunction;
}

const ObjectRow = memo(function ObjectRow({ object, index, selected, hidden, locked, issues, marks, summary, t }: RowProps) {
  const store = useEditorStore();
  const setup = useEditorSetup();
  const tool = toolOf(setup, object.toolId);
  const displayName = (name?: string) => tool?.definition.attributes.find((a) => a.name === name)?.displayName ?? name;
  return (
    <li
      className={cn('grid cursor-pointer gap-0.5 rounded px-2 py-1 text-xs', selected ? 'bg-primary/15' : 'hover:bg-muted', hidden && 'opacity-50')}
      aria-selected={selected}
      aria-label={`${object.className ?? tool?.definition.name ?? ''} ${formatDigits(index + 1)}`}
      onClick={(e) => selectPicked(store, e.shiftKey ? new Set([...store.getState().selected, object.id]) : new Set([object.id]))}
    >
      <div className="flex items-center gap-1.5">
        <span className="inline-block h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: setup.colorOf(object.toolId) }} aria-hidden />
        <span className="font-medium">
          {formatDigits(index + 1)}. {object.className ?? tool?.definition.name}
        </span>
        {object.group && <span className="text-muted-foreground">{`${object.group.name} #${object.group.id}`}</span>}
        {issues && (
          <span className="text-amber-500" title={issues.map((i) => issueText(t, i, displayName(i.attribute))).join('\n')}>
            ⚠ {t('editor_object_issues', { count: issues.length })}
          </span>
        )}
        {marks > 0 && <span className="text-destructive">● {t('editor_object_marks', { count: marks })}</span>}
        <span className="ms-auto flex gap-1">
          <button type="button" className="rounded px-1 hover:bg-background" aria-pressed={hidden} title={t('editor_hide')} onClick={(e) => (e.stopPropagation(), toggleObjectFlag(store, 'hidden', object.id))}>
            {hidden ? t('editor_show_short') : t('editor_hide_short')}
          </button>
          <button type="button" className="rounded px-1 hover:bg-background" aria-pressed={locked} title={t('editor_lock')} onClick={(e) => (e.stopPropagation(), toggleObjectFlag(store, 'locked', object.id))}>
            {locked ? t('editor_unlock_short') : t('editor_lock_short')}
          </button>
        </span>
      </div>
      {summary && <span className="truncate text-muted-foreground">{summary}</span>}
      {issues?.map((issue, i) => (
        <span key={i} className="text-amber-500">
          {issueText(t, issue, displayName(issue.attribute))}
        </span>
      ))}
    </li>
  );
});
