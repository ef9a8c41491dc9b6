// The selected object's class and attributes from its tool, or the item's own attributes when nothing is selected.
import { useTranslation } from 'react-i18next';
import { type AttributeValue, frameAttributesAt, type ResultIssue, setItemAttribute, setObjectAttribute, shapeAt, type ToolAttribute } from '@annot/workflows';
import { useEditor, useEditorStore } from '../stores/editor-store';
import { AttributeField } from './attribute-field';
import { toolOf, useEditorSetup } from './editor-setup';
import { GroupField } from './group-field';
import { issueText } from './issue-text';

export function AttributePanel({ issues }: { issues: ResultIssue[] }) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const setup = useEditorSetup();
  const selectedId = useEditor((s) => (s.selected.size === 1 ? [...s.selected][0] : null));
  const count = useEditor((s) => s.selected.size);
  const object = useEditor((s) => (selectedId ? s.history.present.objects.find((o) => o.id === selectedId) : undefined));
  const itemValues = useEditor((s) => s.history.present.attributes);
  const frame = useEditor((s) => s.frame);
  const locked = useEditor((s) => (selectedId ? s.locked.has(selectedId) : false));
  const issueOn = (objectId: string | null, attribute: ToolAttribute) => {
    const issue = issues.find((i) => i.objectId === objectId && i.attribute === attribute.name);
    return issue ? issueText(t, issue, attribute.displayName) : undefined;
  };

  if (count > 1) return <p className="p-3 text-sm text-muted-foreground">{t('editor_many_selected', { count })}</p>;
  if (!object) {
    if (setup.itemAttributes.length === 0) return <p className="p-3 text-sm text-muted-foreground">{t('editor_nothing_selected')}</p>;
    return (
      <section className="grid gap-3 p-3" aria-label={t('editor_item_attributes')}>
        <h3 className="text-sm font-semibold">{t('editor_item_attributes')}</h3>
        {setup.itemAttributes.map((attribute) => (
          <AttributeField
            key={attribute.name}
            attribute={attribute}
            value={itemValues[attribute.name]}
            issue={issueOn(null, attribute)}
            disabled={setup.readOnly}
            onChange={(value) => store.commit(setItemAttribute(store.document(), attribute.name, value))}
          />
        ))}
      </section>
    );
  }

  const tool = toolOf(setup, object.toolId);
  const shape = shapeAt(object, frame);
  // A frame attribute shows the value carried to this frame; setting it keys it here.
  const frameValues = frameAttributesAt(object, frame);
  const valueOf = (attribute: ToolAttribute): AttributeValue | undefined => (attribute.frameAttribute ? frameValues[attribute.name] : object.attributes[attribute.name]);
  return (
    <section className="grid gap-3 p-3" aria-label={t('editor_attributes')}>
      <div className="flex items-center gap-2">
        <span className="inline-block h-3 w-3 rounded-sm" style={{ background: setup.colorOf(object.toolId) }} aria-hidden />
        <h3 className="text-sm font-semibold">{object.className ?? tool?.definition.name}</h3>
        <span className="text-xs text-muted-foreground">{shape ? t(`editor_template_${shape.type}`) : ''}</span>
      </div>
      {!tool && <p className="text-xs text-destructive">{t('editor_tool_unknown')}</p>}
      <GroupField object={object} disabled={setup.readOnly || locked} />
      {issues
        .filter((i) => i.objectId === object.id && !i.attribute)
        .map((issue, i) => (
          <p key={i} role="alert" className="text-xs text-amber-500">
            {issueText(t, issue)}
          </p>
        ))}
      {tool?.definition.attributes.length === 0 && <p className="text-xs text-muted-foreground">{t('editor_no_attributes')}</p>}
      {tool?.definition.attributes.map((attribute) => (
        <AttributeField
          key={attribute.name}
          attribute={attribute}
          value={valueOf(attribute)}
          issue={issueOn(object.id, attribute)}
          disabled={setup.readOnly || locked}
          onChange={(value) => store.commit(setObjectAttribute(store.document(), object.id, attribute, value, frame))}
        />
      ))}
    </section>
  );
}
