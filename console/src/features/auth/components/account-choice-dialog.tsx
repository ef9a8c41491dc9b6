// When a phone or email holds several accounts, the person picks one and the form is sent again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export interface AccountChoiceDialogProps {
  accounts: { id: string; name: string }[];
  onChoose: (id: string) => void;
  onCancel: () => void;
}

export function AccountChoiceDialog({ accounts, onChoose, onCancel }: AccountChoiceDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>('');
  const [missing, setMissing] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('login_choose_account')}</DialogTitle>
          <DialogDescription>{t('login_choose_account_hint')}</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2" aria-label={t('login_choose_account')}>
          {accounts.map((account) => (
            <label key={account.id} className="flex cursor-pointer items-center gap-2 rounded-md border border-border p-2 text-sm">
              <input type="radio" name="auth_uid" value={account.id} checked={chosen === account.id} onChange={() => setChosen(account.id)} />
              {account.name}
            </label>
          ))}
        </fieldset>
        {missing && (
          <p role="alert" className="text-xs text-destructive">
            {t('login_choose_account_required')}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button onClick={() => (chosen ? onChoose(chosen) : setMissing(true))}>{t('confirm')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
