// The keys a tool's attributes answer to: an option's hotkey sets that option on the selected object.
import type { ToolAttribute } from '../catalog/tool.schemas';

export interface OptionHotkey {
  attribute: ToolAttribute;
  option: string;
}

/** A key as the catalog writes it and as a keyboard event names it compare in lower case. */
export const normalizeKey = (key: string): string => key.trim().toLowerCase();

/** Option hotkeys of a set of attributes, by key; the catalog refuses a tool that repeats one. */
export function optionHotkeys(attributes: ToolAttribute[]): Map<string, OptionHotkey> {
  const keys = new Map<string, OptionHotkey>();
  for (const attribute of attributes) {
    if (attribute.type === 'input') continue;
    for (const option of attribute.options) if (option.hotkey) keys.set(normalizeKey(option.hotkey), { attribute, option: option.name });
  }
  return keys;
}
