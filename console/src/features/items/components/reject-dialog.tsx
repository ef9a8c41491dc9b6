// An inspector's rejection: error marks, each a value of an error property group, optionally on one object, with a comment.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorMark } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { failureMessage } from '@/components/refusal';
import type { CatalogChoices } from './catalog-choices';
import { CommandRefusal } from './command-refusal';
import { ErrorMarks } from './error-marks';

export interface RejectDialogProps {
  catalog: CatalogChoices;
  /** The result's objects a mark may name. */
  objects: { id: string; label: string }[];
  pending: boolean;
  error: unknown;
  onReject: (marks: ErrorMark[]) => void;
  onCancel: () => void;
}

export function RejectDialog({ catalog, objects, pending, error, onReject, onCancel }: RejectDialogProps) {
  const { t } = useTranslation();
  const groups = catalog.useErrorGroups(catalog.readable);
  const [marks, setMarks] = useState<ErrorMark[]>([]);
  const [groupId, setGroupId] = useState('');
  const [value, setValue] = useState('');
  const [objectId, setObjectId] = useState('');
  const [comment, setComment] = useState('');
  const group = groups.data?.find((g) => g.id === groupId);
  const groupName = (id: string) => groups.data?.find((g) => g.id === id)?.name;

  const add = () => {
    setMarks([...marks, { errorGroupId: groupId, value, objectId: objectId || null, frame: objectId ? 0 : null, spot: null, comment: comment.trim() }]);
    setValue('');
    setObjectId('');
    setComment('');
  };

  const unavailable = !catalog.readable ? t('items_error_groups_staff_only') : groups.error ? failureMessage(groups.error, t) : groups.data?.length === 0 ? t('items_error_groups_none_chosen') : null;

  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('items_reject')}</DialogTitle>
          <DialogDescription>{t('items_reject_hint')}</DialogDescription>
        </DialogHeader>
        {unavailable ? (
          <p role="status" className="text-sm text-muted-foreground">
            {unavailable}
          </p>
        ) : (
          <div className="grid gap-2">
            <div className="grid gap-1">
              <Label htmlFor="mark-group">{t('items_mark_group')}</Label>
              <Select id="mark-group" value={groupId} onChange={(e) => (setGroupId(e.target.value), setValue(''))} disabled={groups.isPending}>
                <option value="">{t('items_choose')}</option>
                {groups.data?.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="mark-value">{t('items_mark_value')}</Label>
              <Select id="mark-value" value={value} onChange={(e) => setValue(e.target.value)} disabled={!group}>
                <option value="">{t('items_choose')}</option>
                {group?.values.map((v) => (
                  <option key={v.name} value={v.name}>
                    {v.name}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="mark-object">{t('items_mark_object_optional')}</Label>
              <Select id="mark-object" value={objectId} onChange={(e) => setObjectId(e.target.value)}>
                <option value="">{t('items_whole_item')}</option>
                {objects.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="mark-comment">{t('items_mark_comment')}</Label>
              <Input id="mark-comment" value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} />
            </div>
            <div>
              <Button variant="outline" size="sm" disabled={!groupId || !value} onClick={add}>
                {t('items_add_mark')}
              </Button>
            </div>
            <ErrorMarks marks={marks} names={{ groupName, objectName: (id) => objects.find((o) => o.id === id)?.label ?? null }} />
          </div>
        )}
        <CommandRefusal error={error} />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button variant="destructive" disabled={pending || marks.length === 0} onClick={() => onReject(marks)}>
            {t('items_reject')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
