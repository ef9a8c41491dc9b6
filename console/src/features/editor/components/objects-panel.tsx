// The selected object's attributes and the list of every object, with what the submission check finds missing: the
// side panel's part that reads the whole document, so the editor shows it once the canvas is on screen.
import { useMemo } from 'react';
import { type ResultConfig, submitIssues } from '@annot/workflows';
import { useEditor } from '../stores/editor-store';
import { AttributePanel } from './attribute-panel';
import { useEditorSetup } from './editor-setup';
import { ObjectList } from './object-list';

export function ObjectsPanel({ markCounts }: { markCounts: ReadonlyMap<string, number> }) {
  const setup = useEditorSetup();
  const document = useEditor((s) => s.history.present);
  const config = useMemo<ResultConfig>(
    () => ({ tools: setup.tools, image: setup.image, frameImages: setup.frameImages, itemAttributes: setup.itemAttributes, groups: setup.groups }),
    [setup],
  );
  const issues = useMemo(() => submitIssues(document, config), [document, config]);
  return (
    <>
      <AttributePanel issues={issues} />
      <ObjectList issues={issues} markCounts={markCounts} />
    </>
  );
}
