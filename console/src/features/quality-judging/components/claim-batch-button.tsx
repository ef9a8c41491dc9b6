// Claiming an acceptance batch. A batch another acceptor holds is answered with the seed's question; confirmed, the
// claim goes again as a takeover, which replaces that acceptor's results.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { isClaimedByAnother, useClaimAcceptanceBatch } from '@/features/quality/api/claim-acceptance-batch';

export interface ClaimBatchButtonProps {
  batchId: string;
  /** The batch's name, for the button's accessible name in a list of batches. */
  label: string;
  onClaimed: () => void;
}

export function ClaimBatchButton({ batchId, label, onClaimed }: ClaimBatchButtonProps) {
  const { t } = useTranslation();
  const claim = useClaimAcceptanceBatch(batchId);
  const [asking, setAsking] = useState(false);
  // The promise, not mutate's own callbacks: a claim moves its batch out of the pending list, which may unmount this
  // button before the answer comes, and mutate drops the callbacks of an unmounted caller.
  const send = (confirmTakeover: boolean) =>
    claim.mutateAsync(confirmTakeover).then(
      () => (setAsking(false), onClaimed()),
      (error: unknown) => isClaimedByAnother(error) && setAsking(true),
    );
  const refused = claim.error && !isClaimedByAnother(claim.error) ? claim.error.message : null;
  return (
    <>
      <Button size="sm" disabled={claim.isPending} aria-label={t('judging_claim_batch_named', { batch: label })} onClick={() => send(false)}>
        {t('judging_claim_batch')}
      </Button>
      {refused && (
        <span role="alert" className="text-xs text-destructive">
          {refused}
        </span>
      )}
      {asking && (
        <ConfirmDialog
          title={t('judging_takeover_title')}
          message={t('judging_takeover_message')}
          confirmLabel={t('judging_takeover_confirm')}
          onConfirm={() => send(true)}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
