// Work per person or per team and link: claimed, submitted, judged, reworked, invalid, objects, time per item,
// objects per hour, pass rate and, for the staff, cost.
import { useTranslation } from 'react-i18next';
import type { CostedFigures } from '@annot/workflows';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { percent, perHourText, rmb, seconds } from './figures';
import { formatNumber } from '@/lib/numbers';

export interface WorkRow extends CostedFigures {
  key: string;
  who: string;
  team?: string | null;
  linkName: string;
}

type Column = [string, (row: WorkRow) => string];

export function WorkTable({ rows, label, showTeam, showCost }: { rows: WorkRow[]; label: string; showTeam: boolean; showCost: boolean }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('empty')}</p>;
  const columns: Column[] = [
    ['insights_claimed', (r) => formatNumber(r.claimed)],
    ['insights_submitted', (r) => formatNumber(r.submitted)],
    ['insights_passed', (r) => formatNumber(r.passed)],
    ['insights_rejected', (r) => formatNumber(r.rejected)],
    ['insights_reworked', (r) => formatNumber(r.reworked)],
    ['insights_invalid', (r) => formatNumber(r.invalid)],
    ['insights_objects', (r) => formatNumber(r.objects)],
    ['insights_time_per_item', (r) => seconds(r.msPerItem)],
    ['insights_objects_per_hour', (r) => perHourText(r.objectsPerHour)],
    ['insights_pass_rate', (r) => percent(r.passRate)],
    ['insights_valid_finished', (r) => formatNumber(r.finishedValid)],
    ...(showCost ? [['insights_cost', (r) => rmb(r.cost ?? 0)] satisfies Column] : []),
  ];
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>{label}</TableHead>
          {showTeam && <TableHead>{t('insights_team')}</TableHead>}
          <TableHead>{t('insights_link')}</TableHead>
          {columns.map(([key]) => (
            <TableHead key={key} className="text-end">
              {t(key)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell>{row.who}</TableCell>
            {showTeam && <TableCell>{row.team ?? '—'}</TableCell>}
            <TableCell>{row.linkName}</TableCell>
            {columns.map(([key, value]) => (
              <TableCell key={key} className="text-end tabular-nums">
                {value(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
