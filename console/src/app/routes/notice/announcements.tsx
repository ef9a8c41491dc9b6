// /notice/index: the admin's announcements; the form, with its rich text editor, is loaded when first opened.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnnouncementStatus, announcementStatuses } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAnnouncement } from '@/features/announcements/api/announcements';
import { AnnouncementsTable } from '@/features/announcements/components/announcements-table';
import { usePersonChoices, useTeamChoices } from '@/features/people/api/people-choices';

const AnnouncementForm = lazy(() => import('@/features/announcements/components/announcement-form'));
/** Any active person of any role. */
const usePeopleChoices = usePersonChoices('');

export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AnnouncementStatus | undefined>(undefined);
  // null: closed; 'new': a new one; an id: that one.
  const [open, setOpen] = useState<string | null>(null);
  const editing = useAnnouncement(open === 'new' ? null : open);
  const ready = open === 'new' || !!editing.data;
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('menu_announcements')}</h1>
        <div className="flex items-center gap-2">
          <Select aria-label={t('announcements_status')} className="w-40" value={status ?? ''} onChange={(e) => setStatus((e.target.value || undefined) as AnnouncementStatus | undefined)}>
            <option value="">{t('announcements_status_all')}</option>
            {announcementStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`announcements_status_${s}`)}
              </option>
            ))}
          </Select>
          <Button onClick={() => setOpen('new')}>{t('announcements_new')}</Button>
        </div>
      </div>
      <AnnouncementsTable status={status} onEdit={setOpen} />
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{t(open === 'new' ? 'announcements_new' : 'announcements_edit')}</DialogTitle>
          </DialogHeader>
          {ready ? (
            <Suspense fallback={<Skeleton className="h-60" />}>
              <AnnouncementForm
                key={open}
                announcement={open === 'new' ? undefined : editing.data}
                onDone={() => setOpen(null)}
                useTeamChoices={useTeamChoices}
                usePeopleChoices={usePeopleChoices}
              />
            </Suspense>
          ) : (
            <Skeleton className="h-60" />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
