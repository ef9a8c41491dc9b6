// Who did what to the item and when, oldest first, in the reader's language, with each rejection's marks.
import { useTranslation } from 'react-i18next';
import type { ErrorMark } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import type { ItemHistoryEntry } from '../api/item';
import { ErrorMarks, type MarkNames } from './error-marks';
import { formatTime } from '@/lib/time';

export interface ItemHistoryProps {
  history: ItemHistoryEntry[];
  error?: unknown;
  /** A person's name, given the one the server told where it did; never an id. */
  nameOf: (id: string, known?: string | null) => string;
  linkName: (id: string) => string;
  markNames?: MarkNames;
}

export function ItemHistory({ history, error, nameOf, linkName, markNames }: ItemHistoryProps) {
  const { t, i18n } = useTranslation();
  const detail = (entry: ItemHistoryEntry) => {
    const data = entry.data;
    if (entry.type === 'ItemRejected' || entry.type === 'ItemReturned') return <ErrorMarks marks={data.marks as ErrorMark[]} names={markNames} />;
    const parts: string[] = [];
    if (typeof data.resultVersion === 'number') parts.push(t('items_history_version', { version: data.resultVersion }));
    if (typeof data.objectCount === 'number') parts.push(t('items_history_objects', { count: data.objectCount }));
    if (typeof data.toLinkId === 'string') parts.push(t('items_history_to', { link: linkName(data.toLinkId) }));
    if (entry.type === 'ItemRecycled') parts.push(t(data.keepResult ? 'items_keep_result' : 'items_clear_result'));
    return parts.join(' · ');
  };
  const who = (entry: ItemHistoryEntry) => {
    if (entry.algorithm) return t('items_history_algorithm', { name: i18n.language.startsWith('zh') ? entry.algorithm.zh : entry.algorithm.en, version: entry.algorithm.version });
    if (entry.actorId === 'system') return t('items_history_system');
    return entry.actorId ? nameOf(entry.actorId, entry.actorName) : t('items_person_withheld');
  };
  return (
    <section className="grid gap-2" aria-label={t('items_history')}>
      <h2 className="text-base font-semibold">{t('items_history')}</h2>
      <ListTable headings={[t('items_history_when'), t('items_history_who'), t('items_history_what'), t('items_history_detail')]} empty={history.length === 0} error={error}>
        {history.map((entry, index) => (
          <TableRow key={`${entry.at}-${index}`}>
            <TableCell className="whitespace-nowrap tabular-nums">{formatTime(entry.at)}</TableCell>
            <TableCell>{who(entry)}</TableCell>
            <TableCell>{t(`item_event_${entry.type}`, { defaultValue: entry.type })}</TableCell>
            <TableCell>{detail(entry)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </section>
  );
}
