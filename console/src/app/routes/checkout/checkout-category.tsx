// /checkout/category/{id}: an acceptance project's batches grouped by status; a claimed batch opens at once.
import { useNavigate, useParams } from 'react-router-dom';
import { useUserInfo } from '@/lib/user-info';
import { AcceptanceBatchesBoard } from '@/features/quality/judging/components/acceptance-batches-board';
import { AcceptanceProjectScreen } from '@/features/quality/judging/components/acceptance-project-screen';
import { batchPath, checkoutLinks } from './checkout-links';

export default function CheckoutCategoryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useUserInfo().data?.id ?? null;
  return (
    <AcceptanceProjectScreen projectId={id} links={checkoutLinks}>
      <AcceptanceBatchesBoard projectId={id} me={me} batchPath={batchPath} onClaimed={(batchId) => navigate(batchPath(batchId))} />
    </AcceptanceProjectScreen>
  );
}
