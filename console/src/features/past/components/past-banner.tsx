// The banner over a past view: which moment the screen shows, that it is read-only, and the way back to now.
import { useTranslation } from 'react-i18next';
import type { ItemPastView } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { formatTime } from '@/lib/time';

export function PastBanner({ moment, onNow }: { moment: ItemPastView['moment']; onNow: () => void }) {
  const { t } = useTranslation();
  const now = moment.asked === 'now';
  return (
    <div role="status" className={`flex flex-wrap items-center gap-3 rounded-md border px-4 py-3 text-sm ${now ? 'border-border bg-muted' : 'border-amber-400 bg-amber-50 text-amber-950'}`}>
      <span className="font-semibold">{t('past_read_only')}</span>
      <span>
        {now
          ? t('past_banner_now', { position: moment.position })
          : t('past_banner_as_of', { time: formatTime(moment.recordedAt), position: moment.position, folded: moment.folded, total: moment.total, count: moment.total })}
      </span>
      {!now && (
        <Button size="sm" variant="outline" className="ml-auto" onClick={onNow}>
          {t('past_back_to_now')}
        </Button>
      )}
    </div>
  );
}
