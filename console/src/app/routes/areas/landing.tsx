// `/` sends each signed-in role to its own area (40 /tag, 30 /supplier, 50 /checkout, others /home).
import { Navigate } from 'react-router-dom';
import { landingPath } from '@annot/workflows';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserInfo } from '@/lib/user-info';

export default function Landing() {
  const user = useUserInfo();
  if (!user.data) return <Skeleton className="h-32" />;
  return <Navigate to={landingPath(user.data.role)} replace />;
}
