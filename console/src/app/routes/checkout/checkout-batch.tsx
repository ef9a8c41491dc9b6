// /checkout/category/dataManage/{id}: one acceptance batch, its items to judge in the editor and its submission to the PM.
import { useParams } from 'react-router-dom';
import { RefusalNotice } from '@/components/refusal';
import { useUserInfo } from '@/lib/user-info';
import { AcceptanceBatchDetail } from '@/features/quality/judging/components/acceptance-batch-detail';
import { isUuid } from '@/lib/ids';
import { acceptanceEditorPath, checkoutLinks } from './checkout-links';

export default function CheckoutBatchPage() {
  const { id = '' } = useParams();
  const me = useUserInfo().data?.id ?? null;
  if (!isUuid(id)) return <RefusalNotice refusal="not_found" />;
  return <AcceptanceBatchDetail batchId={id} me={me} editorPath={acceptanceEditorPath(id)} projectPath={checkoutLinks.batches} />;
}
