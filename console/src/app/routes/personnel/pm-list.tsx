// /personnel/pm: PMs, for admins; everyone else is sent on to the taggers, as the seed says.
import { Navigate } from 'react-router-dom';
import { useCan } from '@/lib/authorization';
import PeopleListPage from './people-list';

export default function PmListPage() {
  const { can, ready } = useCan();
  if (ready && !can('people.pms')) return <Navigate to="/personnel/tagger" replace />;
  return <PeopleListPage titleKey="menu_pms" roles={['10', '20']} basePath="/personnel" />;
}
