// Group elements of the tool step: each names the project's tools its graphics are drawn with (a vehicle: body and wheels).
import { useTranslation } from 'react-i18next';
import type { ToolGroup } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { FieldErrors } from '@/lib/form-errors';

export interface ToolGroupsEditorProps {
  groups: ToolGroup[];
  /** The tools the project has chosen, the only ones a group may name. */
  tools: { id: string; name: string }[];
  /** Keyed `groups.<index>.name` and `groups.<index>.toolIds`, as the schema and the server name them. */
  errors: FieldErrors;
  onChange: (groups: ToolGroup[]) => void;
}

export function ToolGroupsEditor({ groups, tools, errors, onChange }: ToolGroupsEditorProps) {
  const { t } = useTranslation();
  const change = (index: number, group: ToolGroup) => onChange(groups.map((g, i) => (i === index ? group : g)));
  const toggle = (index: number, toolId: string, on: boolean) => {
    const group = groups[index];
    change(index, { ...group, toolIds: on ? [...group.toolIds, toolId] : group.toolIds.filter((id) => id !== toolId) });
  };
  // A tool taken off the project stays listed while a group still names it, so the refusal points at something visible.
  const listed = (group: ToolGroup) => [...tools, ...group.toolIds.filter((id) => !tools.some((tool) => tool.id === id)).map((id) => ({ id, name: t('projects_tool_group_unchosen') }))];

  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{t('projects_tool_groups')}</legend>
      <p className="text-xs text-muted-foreground">{t('projects_tool_groups_hint')}</p>
      {groups.map((group, index) => (
        <div key={index} role="group" aria-label={group.name || t('projects_tool_group_name')} className="grid gap-1 rounded border p-2">
          <div className="flex items-center gap-2">
            <Input
              aria-label={t('projects_tool_group_name')}
              placeholder={t('projects_tool_group_name')}
              className="h-8 w-48"
              value={group.name}
              onChange={(e) => change(index, { ...group, name: e.target.value })}
            />
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(groups.filter((_, i) => i !== index))}>
              {t('projects_tool_group_remove')}
            </Button>
          </div>
          {errors[`groups.${index}.name`] && (
            <p role="alert" className="text-xs text-destructive">
              {errors[`groups.${index}.name`]}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            {listed(group).map((tool) => (
              <label key={tool.id} className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={group.toolIds.includes(tool.id)} onChange={(e) => toggle(index, tool.id, e.target.checked)} />
                {tool.name}
              </label>
            ))}
          </div>
          {errors[`groups.${index}.toolIds`] && (
            <p role="alert" className="text-xs text-destructive">
              {errors[`groups.${index}.toolIds`]}
            </p>
          )}
        </div>
      ))}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={tools.length === 0} onClick={() => onChange([...groups, { name: '', toolIds: [] }])}>
          {t('projects_tool_group_add')}
        </Button>
      </div>
    </fieldset>
  );
}
