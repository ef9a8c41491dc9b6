// The moments of an item to choose from: the judgements of its result, each opening the version it judged in one
// click, and every event of its stream by its log position; each may also be compared with the moment shown.
import { useTranslation } from 'react-i18next';
import type { ItemTimelineView } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatTime } from '@/lib/time';
import type { MomentChoice } from '../api/moment';
import { formatDigits } from '@/lib/numbers';

export interface ItemTimelineProps {
  timeline: ItemTimelineView | undefined;
  error: unknown;
  /** The log position the view shows, to mark the event it stands at. */
  current: string | null;
  onChoose: (moment: MomentChoice) => void;
  /** Compares the moment shown with this one. */
  onCompare: (moment: MomentChoice) => void;
}

export function ItemTimeline({ timeline, error, current, onChoose, onCompare }: ItemTimelineProps) {
  const { t } = useTranslation();
  const judgements = timeline?.judgements ?? [];
  const events = timeline?.events ?? [];
  const who = (name: string | null) => name ?? t('items_person_unknown');
  return (
    <div className="grid gap-4">
      <section className="grid gap-2" aria-label={t('past_judgements')}>
        <h2 className="text-base font-semibold">{t('past_judgements')}</h2>
        <ListTable headings={[t('past_gate'), t('past_verdict'), t('past_version'), t('items_history_who'), t('items_history_when'), '']} empty={judgements.length === 0} error={error}>
          {judgements.map((j) => (
            <TableRow key={`${j.gate}-${j.gateId}-${j.judgedAt}`}>
              <TableCell>{t(`past_gate_${j.gate}`)}</TableCell>
              <TableCell>{t(`past_verdict_${j.verdict}`, { defaultValue: j.verdict })}</TableCell>
              <TableCell className="tabular-nums">v{formatDigits(j.resultVersion)}</TableCell>
              <TableCell>{who(j.judgeName)}</TableCell>
              <TableCell>{formatTime(j.judgedAt)}</TableCell>
              <TableCell className="flex gap-2">
                <Button size="sm" onClick={() => onChoose({ kind: 'version', version: j.resultVersion })}>
                  {t('past_version_judged')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => onChoose(j.position ? { kind: 'position', position: j.position } : { kind: 'time', at: j.judgedAt })}>
                  {t('past_as_of_this')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onCompare({ kind: 'version', version: j.resultVersion })}>
                  {t('past_compare_with_this')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </section>
      <section className="grid gap-2" aria-label={t('past_events')}>
        <h2 className="text-base font-semibold">{t('past_events')}</h2>
        <ListTable headings={[t('past_event_number'), t('items_history_when'), t('items_history_what'), t('items_history_who'), t('past_version'), '']} empty={events.length === 0} error={error}>
          {events.map((e) => (
            <TableRow key={e.position} aria-current={e.position === current ? 'step' : undefined} className={e.position === current ? 'bg-muted' : undefined}>
              <TableCell className="tabular-nums">{e.position}</TableCell>
              <TableCell>{formatTime(e.recordedAt)}</TableCell>
              <TableCell>{t(`item_event_${e.type}`, { defaultValue: e.type })}</TableCell>
              <TableCell>{e.actorId === 'system' ? t('items_history_system') : who(e.actorName)}</TableCell>
              <TableCell className="tabular-nums">{e.resultVersion === null ? '-' : `v${formatDigits(e.resultVersion)}`}</TableCell>
              <TableCell className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => onChoose({ kind: 'position', position: e.position })}>
                  {t('past_as_of_this')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onCompare({ kind: 'position', position: e.position })}>
                  {t('past_compare_with_this')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </section>
    </div>
  );
}
