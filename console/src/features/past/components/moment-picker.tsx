// Choosing a moment: a date and time in the reader's own time zone, "as of event N" by its log position, or, where
// the project is known, as of one of its acceptance verdicts, sampling rounds or exports.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { MomentChoice } from '../api/moment';
import { LandmarkPicker } from './landmark-picker';

/**
 * `label` names the picker where a page has two (the moment shown and the one it is compared with); `projectId` offers
 * the project's landmarks.
 */
export function MomentPicker({ onChoose, label, projectId }: { onChoose: (moment: MomentChoice) => void; label?: string; projectId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [local, setLocal] = useState('');
  const [position, setPosition] = useState('');
  const byTime = (e: FormEvent) => {
    e.preventDefault();
    // A datetime-local value has no zone: it is the reader's own, and the server is sent the same instant in UTC.
    const at = new Date(local);
    if (!Number.isNaN(at.getTime())) onChoose({ kind: 'time', at: at.toISOString() });
  };
  const byPosition = (e: FormEvent) => {
    e.preventDefault();
    if (/^\d+$/.test(position.trim())) onChoose({ kind: 'position', position: position.trim() });
  };
  return (
    <section className="flex flex-wrap items-end gap-6" aria-label={label ?? t('past_choose_moment')}>
      <form className="flex items-end gap-2" onSubmit={byTime}>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-at`}>{t('past_at_time')}</Label>
          <Input id={`${id}-at`} type="datetime-local" step={1} value={local} onChange={(e) => setLocal(e.target.value)} />
        </div>
        <Button type="submit" size="sm" disabled={!local}>
          {t('past_show')}
        </Button>
      </form>
      <form className="flex items-end gap-2" onSubmit={byPosition}>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-position`}>{t('past_at_event')}</Label>
          <Input id={`${id}-position`} inputMode="numeric" className="w-40" value={position} onChange={(e) => setPosition(e.target.value)} />
        </div>
        <Button type="submit" size="sm" disabled={!/^\d+$/.test(position.trim())}>
          {t('past_show')}
        </Button>
      </form>
      {projectId && <LandmarkPicker projectId={projectId} onChoose={onChoose} />}
    </section>
  );
}
