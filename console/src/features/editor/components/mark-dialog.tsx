// An inspector's error mark at a spot or on an object: a value of an error property group, with a comment.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

export interface EditorErrorGroup {
  id: string;
  name: string;
  values: { name: string; color?: string }[];
}

export interface MarkChoice {
  errorGroupId: string;
  value: string;
  comment: string;
}

export interface MarkDialogProps {
  groups: EditorErrorGroup[];
  /** The object's label when the mark is pinned to one; null for a spot on the image. */
  objectLabel: string | null;
  onAdd: (choice: MarkChoice) => void;
  onCancel: () => void;
}

export function MarkDialog({ groups, objectLabel, onAdd, onCancel }: MarkDialogProps) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState(groups[0]?.id ?? '');
  const [value, setValue] = useState('');
  const [comment, setComment] = useState('');
  const group = groups.find((g) => g.id === groupId);
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('editor_add_mark')}</DialogTitle>
          <DialogDescription>{objectLabel ? t('editor_mark_on_object', { object: objectLabel }) : t('editor_mark_on_spot')}</DialogDescription>
        </DialogHeader>
        {groups.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('items_error_groups_none_chosen')}
          </p>
        ) : (
          <div className="grid gap-2">
            <div className="grid gap-1">
              <Label htmlFor="editor-mark-group">{t('items_mark_group')}</Label>
              <Select id="editor-mark-group" value={groupId} onChange={(e) => (setGroupId(e.target.value), setValue(''))}>
                {groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-1" role="radiogroup" aria-label={t('items_mark_value')}>
              <span className="text-sm font-medium">{t('items_mark_value')}</span>
              <div className="flex flex-wrap gap-1">
                {group?.values.map((v) => (
                  <button
                    key={v.name}
                    type="button"
                    role="radio"
                    aria-checked={value === v.name}
                    onClick={() => setValue(v.name)}
                    className="flex items-center gap-1 rounded border border-border px-2 py-1 text-xs aria-checked:border-primary aria-checked:bg-primary/15"
                  >
                    <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: v.color ?? '#ef4444' }} aria-hidden />
                    {v.name}
                  </button>
                ))}
              </div>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="editor-mark-comment">{t('items_mark_comment')}</Label>
              <Input id="editor-mark-comment" value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} />
            </div>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button disabled={!groupId || !value} onClick={() => onAdd({ errorGroupId: groupId, value, comment: comment.trim() })}>
            {t('items_add_mark')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
