// Claiming an acceptance batch. A batch another acceptor holds is answered with the seed's question; confirmed, the
// claim goes again as a takeover, which replaces that acceptor's results. The gate's claim machine says where this stands.
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { isClaimedByAnother, useClaimAcceptanceBatch } from '@/features/quality/api/claim-acceptance-batch';
import { gateClaimMachine, type GateClaimEvent } from '../machines/gate-claim.machine';

export interface ClaimBatchButtonProps {
  batchId: string;
  /** The batch's name, for the button's accessible name in a list of batches. */
  label: string;
  onClaimed: () => void;
}

export function ClaimBatchButton({ batchId, label, onClaimed }: ClaimBatchButtonProps) {
  const { t } = useTranslation();
  const claim = useClaimAcceptanceBatch(batchId);
  const actor = useActorRef(gateClaimMachine, { input: { takeover: true } });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const refused = useSelector(actor, (snapshot) => snapshot.context.refusal);
  // A claim moves its batch out of the pending list, which may unmount this button before the answer comes.
  const tell = (event: GateClaimEvent) => actor.getSnapshot().status === 'active' && actor.send(event);
  // The promise, not mutate's own callbacks: mutate drops the callbacks of an unmounted caller.
  const send = (confirmTakeover: boolean) =>
    claim.mutateAsync(confirmTakeover).then(
      () => (tell({ type: 'claim.claimed' }), onClaimed()),
      (error: unknown) => {
        const message = error instanceof ApiError ? error.message : t('request_fail');
        tell(isClaimedByAnother(error) ? { type: 'claim.held', message } : { type: 'claim.refused', message });
      },
    );
  const start = () => (actor.send({ type: 'claim.start' }), void send(false));
  const confirm = () => (actor.send({ type: 'claim.confirm' }), void send(true));
  return (
    <>
      <Button size="sm" disabled={state !== 'idle'} aria-label={t('judging_claim_batch_named', { batch: label })} onClick={start}>
        {t('judging_claim_batch')}
      </Button>
      {refused && (
        <span role="alert" className="text-xs text-destructive">
          {refused}
        </span>
      )}
      {state === 'asking' && (
        <ConfirmDialog
          title={t('judging_takeover_title')}
          message={t('judging_takeover_message')}
          confirmLabel={t('judging_takeover_confirm')}
          onConfirm={confirm}
          onCancel={() => actor.send({ type: 'claim.cancel' })}
        />
      )}
    </>
  );
}
