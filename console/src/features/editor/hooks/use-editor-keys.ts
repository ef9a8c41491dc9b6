// The keyboard: tools by Shift+digit, attribute values by their options' hotkeys (an attribute's own hotkey steps
// through its options), and every other command from the shortcut table. Nothing fires while typing in a field.
import { useEffect } from 'react';
import { frameAttributesAt, normalizeKey, optionHotkeys, pickOption, setItemAttribute, setObjectAttribute, type ToolAttribute } from '@annot/workflows';
import { toolOf, useEditorSetup } from '../components/editor-setup';
import { pickTool } from '../modes/tool-mode-actions';
import { type EditorStore, useEditorStore } from '../stores/editor-store';
import { commandFor, type EditorCommand, type ShortcutScope, toolIndexFor, typingIn } from './editor-shortcuts';

/** The selected object's attributes, or the item's own when nothing is selected. */
function attributesInReach(store: EditorStore, setup: ReturnType<typeof useEditorSetup>) {
  const { selected } = store.getState();
  if (selected.size === 0) return { objectId: null, attributes: setup.itemAttributes };
  if (selected.size > 1) return null;
  const [id] = selected;
  const object = store.document().objects.find((o) => o.id === id);
  const tool = object ? toolOf(setup, object.toolId) : undefined;
  return tool ? { objectId: id, attributes: tool.definition.attributes } : null;
}

function setValue(store: EditorStore, objectId: string | null, attribute: ToolAttribute, option: string) {
  const doc = store.document();
  if (objectId === null) return store.commit(setItemAttribute(doc, attribute.name, pickOption(attribute, doc.attributes[attribute.name], option)));
  const object = doc.objects.find((o) => o.id === objectId);
  const { frame } = store.getState();
  const current = attribute.frameAttribute ? object && frameAttributesAt(object, frame)[attribute.name] : object?.attributes[attribute.name];
  store.commit(setObjectAttribute(doc, objectId, attribute, pickOption(attribute, current, option), frame));
}

/** Handles a key meant for an attribute; false when the key is not one. */
function attributeKey(store: EditorStore, setup: ReturnType<typeof useEditorSetup>, event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || setup.readOnly) return false;
  const reach = attributesInReach(store, setup);
  if (!reach) return false;
  const key = normalizeKey(event.key);
  const option = optionHotkeys(reach.attributes).get(key);
  if (option) {
    setValue(store, reach.objectId, option.attribute, option.option);
    return true;
  }
  const attribute = reach.attributes.find((a) => a.hotkey && normalizeKey(a.hotkey) === key);
  if (!attribute) return false;
  if (attribute.type === 'input') {
    document.getElementById(`attribute-${attribute.name}`)?.focus();
    return true;
  }
  if (attribute.type === 'single' && attribute.options.length > 0) {
    const doc = store.document();
    const object = doc.objects.find((o) => o.id === reach.objectId);
    const current = reach.objectId === null ? doc.attributes[attribute.name] : object && (attribute.frameAttribute ? frameAttributesAt(object, store.getState().frame) : object.attributes)[attribute.name];
    const index = attribute.options.findIndex((o) => o.name === current);
    setValue(store, reach.objectId, attribute, attribute.options[(index + 1) % attribute.options.length].name);
  }
  return true;
}

export function useEditorKeys(run: (command: EditorCommand) => void, scope: ShortcutScope = 'image') {
  const store = useEditorStore();
  const setup = useEditorSetup();
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (typingIn(event.target)) return;
      // A dialog over the editor has the keyboard to itself.
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === ' ') {
        if (!event.repeat) store.modes.send({ type: 'hand.hold' });
        event.preventDefault();
        return;
      }
      const toolIndex = toolIndexFor(event);
      if (toolIndex !== null) {
        pickTool(store, setup, setup.tools[toolIndex]);
        event.preventDefault();
        return;
      }
      if (attributeKey(store, setup, event)) {
        event.preventDefault();
        return;
      }
      const command = commandFor(event, scope);
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    const up = (event: KeyboardEvent) => {
      if (event.key !== ' ' || typingIn(event.target)) return;
      store.modes.send({ type: 'hand.release' });
      // A focused button would take the released space as a click.
      event.preventDefault();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [run, store, setup, scope]);
}
