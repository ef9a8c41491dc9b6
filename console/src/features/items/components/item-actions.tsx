// The item's action buttons: only the verbs the machine allows this person, each sent with If-Match; the server's
// refusal is shown in its own words.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type ItemAnswer, type ItemCommand, type ItemVerb, useItemCommand } from '../api/act-on-item';
import type { CatalogChoices } from './catalog-choices';
import { CommandRefusal } from './command-refusal';
import { InvalidDialog } from './invalid-dialog';
import { RecycleDialog } from './recycle-dialog';
import { RejectDialog } from './reject-dialog';

export interface ItemActionsProps {
  itemId: string;
  version: string | null;
  verbs: ItemVerb[];
  catalog: CatalogChoices;
  objects: { id: string; label: string }[];
  onDone: (verb: ItemVerb, answer: ItemAnswer) => void;
}

const withDialog = new Set<ItemVerb>(['reject', 'mark_invalid', 'recycle']);

export function ItemActions({ itemId, version, verbs, catalog, objects, onDone }: ItemActionsProps) {
  const { t } = useTranslation();
  const command = useItemCommand(itemId, version);
  const [dialog, setDialog] = useState<ItemVerb | null>(null);
  const send = (next: ItemCommand) =>
    command.mutate(next, {
      onSuccess: (answer) => {
        setDialog(null);
        onDone(next.verb, answer);
      },
    });
  const open = (verb: ItemVerb) => {
    command.reset();
    if (withDialog.has(verb)) setDialog(verb);
    else send({ verb } as ItemCommand);
  };
  const close = () => (setDialog(null), command.reset());

  if (verbs.length === 0) return <p className="text-sm text-muted-foreground">{t('items_no_actions')}</p>;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('actions')}>
        {verbs.map((verb) => (
          <Button key={verb} size="sm" variant={verb === 'reject' ? 'destructive' : verb === 'submit' || verb === 'pass' ? 'default' : 'outline'} disabled={command.isPending} onClick={() => open(verb)}>
            {t(`items_verb_${verb}`)}
          </Button>
        ))}
      </div>
      {!dialog && <CommandRefusal error={command.error} />}
      {dialog === 'reject' && <RejectDialog catalog={catalog} objects={objects} pending={command.isPending} error={command.error} onReject={(marks) => send({ verb: 'reject', marks })} onCancel={close} />}
      {dialog === 'mark_invalid' && <InvalidDialog catalog={catalog} pending={command.isPending} error={command.error} onMark={(reasonId) => send({ verb: 'mark_invalid', reasonId })} onCancel={close} />}
      {dialog === 'recycle' && <RecycleDialog count={1} pending={command.isPending} onConfirm={(choice) => send({ verb: 'recycle', ...choice })} onCancel={close} />}
    </div>
  );
}
