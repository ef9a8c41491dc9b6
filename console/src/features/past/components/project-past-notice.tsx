// The notice over a project's past screens (its items, its statistics): read-only, and which moment they show.
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/time';
import type { MomentChoice } from '../api/moment';

export function ProjectPastNotice({ moment, now, asOf }: { moment: MomentChoice; now: string; asOf: string }) {
  const { t } = useTranslation();
  const shown = moment.kind === 'position' ? `#${moment.position}` : moment.kind === 'time' ? formatTime(moment.at) : '';
  return (
    <div role="status" className="rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <span className="font-semibold">{t('past_read_only')}</span> {moment.kind === 'now' || moment.kind === 'version' ? t(now) : t(asOf, { moment: shown })}
    </div>
  );
}
