// What changed in an item's result between two moments: the objects added, removed and changed (and how), the
// objects per class at both ends, and who changed the result in between. The page draws the same over the image.
import { formatNumber } from '@/lib/numbers';
import { useTranslation } from 'react-i18next';
import { type AttributeValue, type ItemDiffView, objectName, type ResultObject } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { failureMessage } from '@/components/refusal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatTime } from '@/lib/time';

type Kind = 'added' | 'removed' | 'changed' | 'unchanged';

/** The three colours of a diff, and grey for what stayed. */
export const diffColors: Record<Kind, string> = { added: '#16a34a', removed: '#dc2626', changed: '#d97706', unchanged: '#94a3b8' };

/** What the image shows: the later result's objects and the removed ones of the earlier, each tinted by its change. */
export function diffDrawing(view: ItemDiffView) {
  const later = view.to.result?.objects ?? [];
  const earlier = view.from.result?.objects ?? [];
  const kinds = new Map<string, Kind>(view.diff.objects.map((o) => [o.objectId, o.kind]));
  const removed = earlier.filter((o) => kinds.get(o.id) === 'removed');
  const objects: ResultObject[] = [...later, ...removed];
  return { objects, kindOf: (id: string): Kind => kinds.get(id) ?? 'unchanged', nameIn: (id: string) => (kinds.get(id) === 'removed' ? earlier : later) };
}

const valueText = (value: AttributeValue | null) => (value === null ? '-' : Array.isArray(value) ? value.join(', ') : value);

export interface ItemDiffProps {
  view: ItemDiffView | undefined;
  error: unknown;
  toolName: (toolId: string) => string;
  onStop: () => void;
}

export function ItemDiff({ view, error, toolName, onStop }: ItemDiffProps) {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const drawing = view ? diffDrawing(view) : null;
  const name = (id: string) => (drawing ? objectName(drawing.nameIn(id), id, toolName) : null) ?? id;
  const tally = (kind: Kind) => (kind === 'unchanged' ? (view?.diff.unchanged ?? 0) : (view?.diff.objects.filter((o) => o.kind === kind).length ?? 0));
  return (
    <section className="grid gap-3 rounded-md border border-border p-4" aria-label={t('past_diff_title')}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">{t('past_diff_title')}</h2>
        {view && (
          <span className="text-sm text-muted-foreground">
            {t('past_diff_between', { from: view.from.moment.position, fromTime: formatTime(view.from.moment.recordedAt), to: view.to.moment.position, toTime: formatTime(view.to.moment.recordedAt) })}
          </span>
        )}
        <Button size="sm" variant="outline" className="ms-auto" onClick={onStop}>
          {t('past_diff_stop')}
        </Button>
      </div>
      {Boolean(error) && (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(error, t)}
        </p>
      )}
      {view && (
        <>
          <ul className="flex flex-wrap gap-2" aria-label={t('past_diff_summary')}>
            {(['added', 'removed', 'changed', 'unchanged'] as const).map((kind) => (
              <li key={kind}>
                <Badge variant="outline" style={{ borderColor: diffColors[kind], color: diffColors[kind] }}>
                  {t(`past_diff_kind_${kind}`)}: {formatNumber(tally(kind))}
                </Badge>
              </li>
            ))}
          </ul>
          {view.diff.objects.length === 0 && <p className="text-sm text-muted-foreground">{t('past_diff_none')}</p>}
          {view.diff.objects.length > 0 && (
          <ListTable headings={[t('past_diff_object'), t('past_diff_change'), t('past_diff_what'), t('past_diff_attributes')]} empty={false}>
            {view.diff.objects.map((o) => (
              <TableRow key={o.objectId}>
                <TableCell>{name(o.objectId)}</TableCell>
                <TableCell style={{ color: diffColors[o.kind] }}>{t(`past_diff_kind_${o.kind}`)}</TableCell>
                <TableCell>{list.format(o.aspects.map((a) => t(`past_diff_aspect_${a}`)))}</TableCell>
                <TableCell>{o.attributes.map((a) => `${a.name}: ${valueText(a.before)} → ${valueText(a.after)}`).join('; ')}</TableCell>
              </TableRow>
            ))}
          </ListTable>
          )}
          {view.diff.itemAttributes.length > 0 && (
            <p className="text-sm">
              <span className="font-semibold">{t('past_diff_item_attributes')}: </span>
              {view.diff.itemAttributes.map((a) => `${a.name}: ${valueText(a.before)} → ${valueText(a.after)}`).join('; ')}
            </p>
          )}
          <h3 className="text-sm font-semibold">{t('past_diff_classes')}</h3>
          <ListTable headings={[t('past_diff_class'), t('past_diff_before'), t('past_diff_after')]} empty={view.diff.counts.length === 0}>
            {view.diff.counts.map((c) => (
              <TableRow key={`${c.toolId}-${c.className ?? ''}`}>
                <TableCell>{c.className ?? toolName(c.toolId)}</TableCell>
                <TableCell className="tabular-nums">{formatNumber(c.before)}</TableCell>
                <TableCell className="tabular-nums">{formatNumber(c.after)}</TableCell>
              </TableRow>
            ))}
          </ListTable>
          <h3 className="text-sm font-semibold">{t('past_diff_changes')}</h3>
          <ListTable headings={[t('past_event_number'), t('items_history_when'), t('items_history_what'), t('items_history_who'), t('past_version')]} empty={view.changes.length === 0}>
            {view.changes.map((c) => (
              <TableRow key={c.position}>
                <TableCell className="tabular-nums">{c.position}</TableCell>
                <TableCell>{formatTime(c.recordedAt)}</TableCell>
                <TableCell>{t(`item_event_${c.type}`, { defaultValue: c.type })}</TableCell>
                <TableCell>{c.actorId === 'system' ? t('items_history_system') : (c.actorName ?? t('items_person_unknown'))}</TableCell>
                <TableCell className="tabular-nums">{c.resultVersion === null ? '-' : `v${c.resultVersion}`}</TableCell>
              </TableRow>
            ))}
          </ListTable>
        </>
      )}
    </section>
  );
}
