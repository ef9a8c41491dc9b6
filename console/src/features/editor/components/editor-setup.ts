// What the editor knows of its item and project for its whole life: the tools, their colors, who may change what.
import { createContext, useContext } from 'react';
import type { EditorTool, ImageSize, ToolAttribute, ToolGroup } from '@annot/workflows';

export interface EditorSetup {
  tools: EditorTool[];
  colorOf: (toolId: string) => string;
  /** An inspector without the project's permission to modify, or an item no longer in the reader's hands. */
  readOnly: boolean;
  /** Inspection: clicks pin error marks. */
  inspecting: boolean;
  itemAttributes: ToolAttribute[];
  /** The project's group elements, each made of some of its tools. */
  groups: ToolGroup[];
  image: ImageSize | null;
  /** Each frame's size where a sequence's frames differ in size; absent where every frame has `image`'s. */
  frameImages?: (ImageSize | null)[];
}

/** The size of a frame's image: its own where the frames differ, else the item's. */
export const imageOfFrame = (setup: EditorSetup, frame: number): ImageSize | null => (setup.frameImages ? (setup.frameImages[frame] ?? null) : setup.image);

/** Distinct on a photo and on each other; a tool keeps its color by its place in the project's list. */
const palette = ['#f43f5e', '#22c55e', '#3b82f6', '#eab308', '#a855f7', '#06b6d4', '#f97316', '#ec4899', '#84cc16', '#14b8a6'];

export function toolColors(tools: EditorTool[]): (toolId: string) => string {
  const colors = new Map(tools.map((tool, i) => [tool.toolId, palette[i % palette.length]]));
  return (toolId) => colors.get(toolId) ?? '#94a3b8';
}

export const EditorSetupContext = createContext<EditorSetup | null>(null);

export function useEditorSetup(): EditorSetup {
  const setup = useContext(EditorSetupContext);
  if (!setup) throw new Error('useEditorSetup outside the editor');
  return setup;
}

export const toolOf = (setup: EditorSetup, toolId: string): EditorTool | undefined => setup.tools.find((t) => t.toolId === toolId);
