// /personnel/pm: PMs and auditors, for admins (an auditor's account page is where its projects are given); everyone
// else is sent on to the taggers, as the seed says.
import { Navigate } from 'react-router-dom';
import { Role } from '@annot/workflows';
import { useCan } from '@/lib/authorization';
import PeopleListPage from './people-list';

export default function PmListPage() {
  const { can, ready } = useCan();
  if (ready && !can('people.pms')) return <Navigate to="/personnel/tagger" replace />;
  return <PeopleListPage titleKey="menu_pms" roles={[Role.Pm, Role.SeniorPm, Role.Auditor]} basePath="/personnel" />;
}
