// The header's "bind chat account" for PMs and admins; the seed asks for no check of the value.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import type { PersonInfo } from '@/lib/auth-token';
import { useBindChatAccount } from '../api/bind-chat-account';

export function BindChatDialog({ person, onClose }: { person: PersonInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const bind = useBindChatAccount();
  const [value, setValue] = useState(person.ding_talk_account ?? '');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('header_bind_chat')}</DialogTitle>
        </DialogHeader>
        <FormField id="ding-talk-account" label={t('header_chat_account')}>
          <Input value={value} onChange={(e) => setValue(e.target.value)} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            disabled={bind.isPending}
            onClick={() =>
              bind.mutate(
                { account: person.account, ding_talk_account: value },
                {
                  onSuccess: () => {
                    toast.success(t('saved'));
                    onClose();
                  },
                  onError: (error) => toast.error(error instanceof ApiError ? error.message : t('request_fail')),
                },
              )
            }
          >
            {t('save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
