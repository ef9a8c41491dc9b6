// /home/noticeinfo/:id and /tag/noticeinfo/:id: one notice, back to the reader's list.
import { useParams } from 'react-router-dom';
import { NoticeDetail } from '@/features/announcements/components/notice-detail';

export default function NoticeInfoPage({ area }: { area: 'home' | 'tag' }) {
  const { id = '' } = useParams();
  return <NoticeDetail key={id} id={id} backPath={`/${area}/notice`} />;
}
