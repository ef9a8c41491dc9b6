// /home/notice and /tag/notice: the notices whose scope names the reader, opening under the reader's own area.
import { useTranslation } from 'react-i18next';
import { NoticesList } from '@/features/announcements/components/notices-list';

export default function NoticesPage({ area }: { area: 'home' | 'tag' }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_notices')}</h1>
      <NoticesList detailPath={(id) => `/${area}/noticeinfo/${id}`} />
    </div>
  );
}
