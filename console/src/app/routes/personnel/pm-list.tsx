// /personnel/pm: PMs, for admins; everyone else is sent on to the taggers, as the seed says.
import { Navigate } from 'react-router-dom';
import { useUserInfo } from '@/features/auth/api/get-user-info';
import PeopleListPage from './people-list';

export default function PmListPage() {
  const user = useUserInfo();
  if (user.data && user.data.role !== '01') return <Navigate to="/personnel/tagger" replace />;
  return <PeopleListPage titleKey="menu_pms" roles={['10', '20']} basePath="/personnel" />;
}
