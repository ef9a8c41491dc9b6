// The statistics' date range, first and last day inclusive: the server's thirty days until the reader picks others.
// A day after the end or before the start cannot be picked, and the server holds a range to ten years.
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';

export interface DateRangeValue {
  from: string;
  to: string;
}

export function DateRange({ value, onChange }: { value: DateRangeValue; onChange: (value: DateRangeValue) => void }) {
  const { t } = useTranslation();
  // A cleared field, or a typed day past the other end, keeps the range it had.
  const set = (edge: keyof DateRangeValue) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...value, [edge]: event.target.value };
    if (next.from && next.to && next.from <= next.to) onChange(next);
  };
  return (
    <div role="group" aria-label={t('insights_date_range')} className="flex items-center gap-1 text-sm">
      <Input type="date" className="h-8 w-36" aria-label={t('insights_from')} value={value.from} max={value.to} onChange={set('from')} />
      <span aria-hidden>–</span>
      <Input type="date" className="h-8 w-36" aria-label={t('insights_to')} value={value.to} min={value.from} onChange={set('to')} />
    </div>
  );
}
