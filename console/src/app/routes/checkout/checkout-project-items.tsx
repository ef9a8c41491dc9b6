// /checkout/dataManageProject/{id}: every item of the acceptor's batches in the project, filtered by its acceptance.
import { useParams } from 'react-router-dom';
import { AcceptanceItemsList } from '@/features/quality/judging/components/acceptance-items-list';
import { AcceptanceProjectScreen } from '@/features/quality/judging/components/acceptance-project-screen';
import { batchPath, checkoutLinks } from './checkout-links';

export default function CheckoutProjectItemsPage() {
  const { id = '' } = useParams();
  return (
    <AcceptanceProjectScreen projectId={id} links={checkoutLinks}>
      <AcceptanceItemsList projectId={id} batchPath={batchPath} />
    </AcceptanceProjectScreen>
  );
}
