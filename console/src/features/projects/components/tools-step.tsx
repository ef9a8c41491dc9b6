// The wizard's tool step: the catalog's tools to choose from, searched on the server, each cited at its current version,
// and the group elements made of them; only tools of the kinds the project's annotation type can use are offered.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnnotationType, type ProjectTools, projectTools, type ToolGroup, toolFits, toolTypesFor } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { type UseFound, useServerSearch } from '@/lib/use-server-search';
import { type FieldErrors, zodFieldErrors } from '@/lib/form-errors';
import { ToolGroupsEditor } from './tool-groups-editor';
import { formatDigits } from '@/lib/numbers';

export interface ToolChoice {
  id: string;
  name: string;
  templateType: string;
  toolVersion: number;
}

export interface ToolsStepProps {
  annotationType: AnnotationType;
  catalog: ToolChoice[];
  /** The catalog's tools whose name holds a keyword, asked of the server. */
  useToolChoices: UseFound<ToolChoice>;
  initial: ProjectTools;
  serverErrors: FieldErrors;
  saving: boolean;
  onSave: (tools: ProjectTools) => void;
}

export function ToolsStep({ annotationType, catalog, useToolChoices, initial, serverErrors, saving, onSave }: ToolsStepProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => new Map(initial.tools.map((tool) => [tool.toolId, tool.toolVersion])));
  const [error, setError] = useState<string | null>(null);
  const search = useServerSearch(catalog, useToolChoices);
  const offered = search.shown.filter((tool) => toolFits(annotationType, tool.templateType));
  // A tool chosen before the annotation type changed stays listed, so it can be unticked.
  const chosenElsewhere = [...chosen.keys()].filter((id) => !offered.some((tool) => tool.id === id)).flatMap((id) => search.byId(id) ?? []);
  const toggle = (tool: ToolChoice, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(tool.id, tool.toolVersion);
      else next.delete(tool.id);
      return next;
    });
  const [groups, setGroups] = useState<ToolGroup[]>(initial.groups);
  const [attempted, setAttempted] = useState(false);
  const value = { tools: [...chosen].map(([toolId, toolVersion]) => ({ toolId, toolVersion })), groups };
  const checked = projectTools.safeParse(value);
  // A group's tools are checked as they are ticked; its empty name only once saving was tried.
  const groupErrors = Object.fromEntries(
    Object.entries(checked.success ? {} : zodFieldErrors(checked.error, t)).filter(([field]) => field.startsWith('groups.') && (attempted || field.endsWith('.toolIds'))),
  );
  const save = () => {
    setAttempted(true);
    if (chosen.size === 0) return setError(t('projects_tools_empty'));
    setError(null);
    if (checked.success) onSave(checked.data);
  };
  const isGroupField = (field: string) => field.startsWith('groups.');
  const messages = [error, ...Object.entries(serverErrors).flatMap(([field, message]) => (isGroupField(field) ? [] : [message]))].filter(Boolean);
  const groupTools = [...chosen.keys()].map((id) => ({ id, name: search.byId(id)?.name ?? id }));

  return (
    <div className="grid max-w-2xl gap-3">
      {catalog.length === 0 && <p className="text-sm text-muted-foreground">{t('projects_no_tools')}</p>}
      <p className="text-sm text-muted-foreground">
        {t('projects_tools_for_type', { type: t(`annotation_type_${annotationType}`), kinds: toolTypesFor[annotationType].map((kind) => t(`tools_template_${kind}`)).join(t('list_separator')) })}
      </p>
      <Input type="search" aria-label={t('search_tools')} placeholder={t('search')} className="h-8 w-64" value={search.keyword} onChange={(e) => search.setKeyword(e.target.value)} />
      <ul className="grid gap-1">
        {[...chosenElsewhere, ...offered].map((tool) => (
          <li key={tool.id}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={chosen.has(tool.id)} onChange={(e) => toggle(tool, e.target.checked)} />
              {tool.name} · {t(`tools_template_${tool.templateType}`)} · v{formatDigits(chosen.get(tool.id) ?? tool.toolVersion)}
            </label>
          </li>
        ))}
      </ul>
      <ToolGroupsEditor
        groups={groups}
        tools={groupTools}
        errors={{ ...Object.fromEntries(Object.entries(serverErrors).filter(([field]) => isGroupField(field))), ...groupErrors }}
        onChange={setGroups}
      />
      {messages.map((message) => (
        <p key={message} role="alert" className="text-xs text-destructive">
          {message}
        </p>
      ))}
      <div>
        <Button type="button" disabled={saving} onClick={save}>
          {t('projects_save_step')}
        </Button>
      </div>
    </div>
  );
}
