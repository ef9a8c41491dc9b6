// "Send code" with the seed's 60-second resend countdown; the server enforces the same limit.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { type CodeKind, useSendCode } from '../api/send-code';

export const resendSeconds = 60;

export function CodeButton({ kind, account, canSend, onInvalid }: { kind: CodeKind; account: string; canSend: boolean; onInvalid: () => void }) {
  const { t } = useTranslation();
  const send = useSendCode(kind);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = () => {
    if (!canSend) return onInvalid();
    send.mutate(account, {
      onSuccess: () => {
        setLeft(resendSeconds);
        toast.success(t('code_sent'));
      },
      onError: (error) => toast.error(error instanceof ApiError ? error.message : t('request_fail')),
    });
  };

  return (
    <Button type="button" variant="outline" className="w-32 shrink-0" disabled={left > 0 || send.isPending} onClick={onClick}>
      {left > 0 ? t('code_resend_in', { seconds: left }) : t('code_send')}
    </Button>
  );
}
