// /checkout/checkstatistics/{id}: an acceptance project's progress, pass rate and time per item, with charts.
import { useParams } from 'react-router-dom';
import { AcceptanceProjectScreen } from '@/features/quality/judging/components/acceptance-project-screen';
import { AcceptanceStatisticsView } from '@/features/quality/judging/components/acceptance-statistics';
import { checkoutLinks } from './checkout-links';

export default function CheckoutStatisticsPage() {
  const { id = '' } = useParams();
  return (
    <AcceptanceProjectScreen projectId={id} links={checkoutLinks}>
      <AcceptanceStatisticsView projectId={id} />
    </AcceptanceProjectScreen>
  );
}
