// What the picture editor and the point-cloud editor share around their views: the store and setup of one item, the
// work on it (autosave, the work loop's commands, the marks of inspection, the names of its objects), and the dialogs
// those commands open.
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyResult, type ErrorMark, frameImageColumns, objectName, type ResultDocument } from '@annot/workflows';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useItemFrames } from '../api/get-item-frames';
import { useAutosave } from '../autosave';
import type { ItemCommandContext } from '../hooks/item-commands';
import { useEditorFlow } from '../hooks/use-editor-flow';
import { deleteTracks } from '../stores/editor-actions';
import { createEditorStore, EditorStoreContext, useEditor, useEditorStore } from '../stores/editor-store';
import { type EditorSetup, EditorSetupContext, toolColors, useEditorSetup } from './editor-setup';
import type { AnnotationEditorProps, EditorRequest } from './editor-types';
import { type MarkChoice, MarkDialog } from './mark-dialog';
import { ShortcutSheet } from './shortcut-sheet';
import type { ShortcutScope } from '../hooks/editor-shortcuts';

/** The document the editor starts from: the saved one, spanning the item's frames, or an empty one. */
function startingDocument(item: AnnotationEditorProps['item']): ResultDocument {
  const frameCount = item.frameCount ?? item.result?.frameCount ?? 1;
  return item.result ? { ...item.result, frameCount } : emptyResult(frameCount);
}

/** The item's store and what the reader may do with it; `image` is the picture's size, or null for a cloud. */
export function ItemEditorProvider({ props, image, children }: { props: AnnotationEditorProps; image: EditorSetup['image']; children: ReactNode }) {
  const { item, tools, groups, verbs, inspectorMayModify } = props;
  const [store] = useState(() => createEditorStore(startingDocument(item)));
  const inspecting = verbs.includes('pass') || verbs.includes('reject');
  // The setup depends on these two flags, not on the verbs array the page computes afresh on each of its renders.
  const canSubmit = verbs.includes('submit');
  const width = image?.width;
  const height = image?.height;
  // A sequence's frames may differ in size: each frame's, where they do, so shapes are checked against their own.
  const frameCount = item.frameCount ?? 1;
  const frames = useItemFrames(item.id, image !== null && frameCount > 1);
  const frameImages = useMemo(() => {
    const list = frames.data?.frames;
    return list ? frameImageColumns(list.map((f) => f.width), list.map((f) => f.height), list.length) : undefined;
  }, [frames.data]);
  const setup = useMemo<EditorSetup>(
    () => ({
      tools,
      colorOf: toolColors(tools),
      readOnly: !(canSubmit || (inspecting && inspectorMayModify)),
      inspecting,
      itemAttributes: [],
      groups,
      image: width && height ? { width, height } : null,
      frameImages,
    }),
    [tools, groups, canSubmit, inspecting, inspectorMayModify, width, height, frameImages],
  );
  return (
    <EditorStoreContext.Provider value={store}>
      <EditorSetupContext.Provider value={setup}>{children}</EditorSetupContext.Provider>
    </EditorStoreContext.Provider>
  );
}

/** A dialog of an editor; `Mark` is what a new mark is pinned to in it. */
export type EditorDialog<Mark> = 'shortcuts' | 'invalid' | 'rule' | 'release' | 'delete_track' | { mark: Mark } | null;

/** The work on the item: autosave, the commands of the work loop, the marks of this inspection and the objects' names. */
export function useItemWork<Mark>({ item, tools, verbs, marks, neighbours, send, onNavigate, judging }: AnnotationEditorProps) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const setup = useEditorSetup();
  const [dialog, setDialog] = useState<EditorDialog<Mark>>(null);
  const [pendingMarks, setPendingMarks] = useState<ErrorMark[]>(() => judging?.marks ?? []);
  const document = useEditor((s) => s.history.present);
  const autosave = useAutosave({ itemId: item.id, version: item.version, document, enabled: !setup.readOnly });
  const labelOf = useCallback((verb: EditorRequest['verb']) => judging?.labels[verb] ?? t(`items_verb_${verb.replaceAll('-', '_')}`), [judging, t]);
  const flow = useEditorFlow(store, autosave, send, labelOf);

  const objectLabel = useCallback(
    (id: string) => objectName(document.objects, id, (toolId) => tools.find((tool) => tool.toolId === toolId)?.definition.name ?? '') ?? t('editor_object_gone'),
    [document, tools, t],
  );
  const allMarks = useMemo(() => [...marks, ...pendingMarks], [marks, pendingMarks]);
  const markCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const m of allMarks) if (m.objectId) counts.set(m.objectId, (counts.get(m.objectId) ?? 0) + 1);
    return counts;
  }, [allMarks]);

  const leave = useCallback(
    async (to: string | null) => {
      if (await flow.settle()) onNavigate(to);
    },
    [flow, onNavigate],
  );
  /** What the commands on the item itself need (runItemCommand). */
  const commandContext = useMemo<ItemCommandContext>(
    () => ({
      verbs,
      pendingMarks,
      neighbours,
      judging,
      onNavigate,
      act: flow.act,
      flush: autosave.flush,
      holdsWork: () => store.getState().history.present.objects.length > 0,
      leave,
      setDialog: setDialog as ItemCommandContext['setDialog'],
    }),
    [verbs, pendingMarks, neighbours, judging, onNavigate, flow, autosave, leave, store],
  );
  return { store, setup, document, dialog, setDialog, pendingMarks, setPendingMarks, allMarks, markCounts, autosave, labelOf, flow, objectLabel, leave, commandContext };
}

export interface ItemDialogsProps<Mark> {
  dialog: EditorDialog<Mark>;
  setDialog: (dialog: EditorDialog<Mark>) => void;
  flow: ReturnType<typeof useEditorFlow>;
  invalidDialog: AnnotationEditorProps['invalidDialog'];
  errorGroups: AnnotationEditorProps['errorGroups'];
  shortcuts?: ShortcutScope;
  /** Releases the item once the person confirmed it may let its work go. */
  onRelease: () => void;
  /** The object a new mark is pinned to, by name, if any. */
  markObjectLabel: (mark: Mark) => string | null;
  onAddMark: (mark: Mark, choice: MarkChoice) => void;
}

/** The dialogs of the commands both editors share: shortcuts, deleting tracks, marking invalid, and a new mark. */
export function ItemDialogs<Mark>({ dialog, setDialog, flow, invalidDialog, errorGroups, shortcuts = 'image', onRelease, markObjectLabel, onAddMark }: ItemDialogsProps<Mark>) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const setup = useEditorSetup();
  return (
    <>
      {dialog === 'shortcuts' && <ShortcutSheet scope={shortcuts} onClose={() => setDialog(null)} />}
      {dialog === 'delete_track' && (
        <ConfirmDialog
          title={t('editor_delete_track_title')}
          message={t('editor_delete_track_message', { count: store.getState().selected.size })}
          confirmLabel={t('editor_cmd_delete_track')}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            deleteTracks(store, setup, store.getState().selected);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'release' && (
        <ConfirmDialog
          title={t('editor_release_title')}
          message={t('editor_release_message')}
          confirmLabel={t('items_verb_release')}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            onRelease();
          }}
        />
      )}
      {dialog === 'invalid' &&
        invalidDialog({
          pending: flow.pending,
          error: flow.lastError,
          onCancel: () => setDialog(null),
          // Marked invalid, the item stays in hand to be submitted as it is, as on the item page.
          onMark: (reasonId) => void flow.act({ verb: 'mark_invalid', reasonId }).then((done) => done && setDialog(null)),
        })}
      {dialog !== null && typeof dialog === 'object' && (
        <MarkDialog
          groups={errorGroups}
          objectLabel={markObjectLabel(dialog.mark)}
          onCancel={() => setDialog(null)}
          onAdd={(choice) => {
            onAddMark(dialog.mark, choice);
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
