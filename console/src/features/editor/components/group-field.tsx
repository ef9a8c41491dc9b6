// The object's place in a group element (a vehicle of a body and wheels): none, an instance already on the item,
// or a new one. Only the groups drawn with the object's tool are offered.
import { useTranslation } from 'react-i18next';
import { groupInstances, groupsForTool, nextInstanceId, type ResultObject, setGroup } from '@annot/workflows';
import { Select } from '@/components/ui/select';
import { useEditorStore } from '../stores/editor-store';
import { useEditorSetup } from './editor-setup';

const newInstance = '+';

export function GroupField({ object, disabled }: { object: ResultObject; disabled: boolean }) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const setup = useEditorSetup();
  const groups = groupsForTool(setup.groups, object.toolId);
  if (groups.length === 0) return null;
  const doc = store.document();
  const value = object.group ? `${object.group.name}\u0000${object.group.id}` : '';
  const choose = (choice: string) => {
    if (!choice) return store.commit(setGroup(store.document(), object.id, null));
    const [name, id] = choice.split('\u0000');
    store.commit(setGroup(store.document(), object.id, { name, id: id === newInstance ? nextInstanceId(store.document(), name) : id }));
  };
  return (
    <div className="grid gap-1">
      <label htmlFor="editor-group" className="text-xs font-medium">
        {t('editor_group')}
      </label>
      <Select id="editor-group" value={value} disabled={disabled} onChange={(e) => choose(e.target.value)}>
        <option value="">{t('editor_group_none')}</option>
        {groups.map((group) => (
          <optgroup key={group.name} label={group.name}>
            {groupInstances(doc, group.name).map((instance) => (
              <option key={instance.id} value={`${group.name}\u0000${instance.id}`}>
                {t('editor_group_instance', { group: group.name, id: instance.id, count: instance.members })}
              </option>
            ))}
            <option value={`${group.name}\u0000${newInstance}`}>{t('editor_group_new', { group: group.name })}</option>
          </optgroup>
        ))}
      </Select>
    </div>
  );
}
