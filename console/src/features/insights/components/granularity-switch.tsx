// The seed's chart granularity: day, week, month, quarter or year, as one group of toggle buttons.
import { useTranslation } from 'react-i18next';
import { type Granularity, granularities } from '@annot/workflows';
import { Button } from '@/components/ui/button';

export function GranularitySwitch({ value, onChange }: { value: Granularity; onChange: (value: Granularity) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('insights_granularity')} className="flex flex-wrap gap-1">
      {granularities.map((g) => (
        <Button key={g} size="sm" variant={g === value ? 'default' : 'outline'} aria-pressed={g === value} onClick={() => onChange(g)}>
          {t(`insights_granularity_${g}`)}
        </Button>
      ))}
    </div>
  );
}
