// A supplier's group of its own taggers within one link: name and members, saved or deleted.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { linkGroupInput, type LinkMembersView } from '@annot/workflows';
import { SearchChoices, type UseChoices } from '@/components/search-choices';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from '@/lib/form-errors';
import { useSaveGroup } from '../api/project-members';

export interface GroupFormProps {
  projectId: string;
  link: LinkMembersView;
  groupId: string | null;
  /** The supplier's own taggers found on the server for a keyword. */
  useTaggerChoices: UseChoices;
}

export function GroupForm({ projectId, link, groupId, useTaggerChoices }: GroupFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveGroup(projectId);
  const group = link.groups.find((g) => g.groupId === groupId);
  const [name, setName] = useState(group?.name ?? '');
  const [chosen, setChosen] = useState((group?.taggers ?? []).map((p) => ({ id: p.id, name: `${p.name} (${p.account})` })));
  const [errors, setErrors] = useState<FieldErrors>({});
  const back = () => navigate(`/supplier/datamanage/${projectId}`);
  const failed = (error: unknown) => {
    setErrors(serverFieldErrors(error));
    toast.error(error instanceof ApiError ? error.message : t('request_fail'));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = linkGroupInput.safeParse({ name, taggerIds: chosen.map((c) => c.id) });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    save.mutate({ linkId: link.linkId, groupId, group: parsed.data }, { onSuccess: () => (toast.success(t('supplier_group_saved')), back()), onError: failed });
  };

  return (
    <form className="grid max-w-xl gap-3" onSubmit={submit} noValidate>
      <FormField id="group-name" label={t('supplier_group_name')} error={errors.name}>
        <Input value={name} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <SearchChoices legend={t('menu_taggers')} chosen={chosen} onChange={setChosen} useChoices={useTaggerChoices} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('save')}
        </Button>
        {groupId && (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate({ linkId: link.linkId, groupId, group: null }, { onSuccess: back, onError: failed })}>
            {t('delete')}
          </Button>
        )}
      </div>
    </form>
  );
}
