// The tool form: the tool's settings and its attributes, checked with the same schema as the server.
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { templateTypes, type ToolInput, toolInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type FieldErrors, reportFormError, zodFieldErrors } from '@/lib/form-errors';
import { useSaveTool } from '../api/save-tool';
import { AttributeEditor, blankAttribute } from './attribute-editor';
import { blankTool, fromTool, toCandidate, type ToolDraft } from './tool-draft';

export interface ToolFormProps {
  tool?: { id: string; version: string; definition: ToolInput };
  readOnly: boolean;
  onSaved: () => void;
}

const settings = ['rangeCircles', 'aspectRatio', 'pointCloudOverlayFrames', 'autoTrackFrames', 'sameBoxSizeCount'] as const;

export function ToolForm({ tool, readOnly, onSaved }: ToolFormProps) {
  const { t } = useTranslation();
  const save = useSaveTool();
  const [draft, setDraft] = useState<ToolDraft>(blankTool);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (tool) setDraft(fromTool(tool.definition));
  }, [tool]);

  const submit = () => {
    const parsed = toolInput.safeParse(toCandidate(draft));
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, t));
      return toast.error(t('tools_fix_errors'));
    }
    setErrors({});
    save.mutate(
      { id: tool?.id ?? null, version: tool?.version, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onSaved();
        },
        onError: (error) => reportFormError(error, setErrors, t),
      },
    );
  };

  return (
    <form
      className="grid max-w-4xl gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid grid-cols-2 gap-3">
        <FormField id="tool-name" label={t('tools_name')} error={errors.name}>
          <Input value={draft.name} disabled={readOnly} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </FormField>
        <FormField id="tool-template" label={t('tools_template')} error={errors.templateType}>
          <Select value={draft.templateType} disabled={readOnly} onChange={(e) => setDraft({ ...draft, templateType: e.target.value })}>
            {templateTypes.map((type) => (
              <option key={type} value={type}>
                {t(`tools_template_${type}`)}
              </option>
            ))}
          </Select>
        </FormField>
        {settings.map((field) => (
          <FormField key={field} id={`tool-${field}`} label={t(`tools_${field}`)} error={errors[field]}>
            <Input value={draft[field]} disabled={readOnly} placeholder={t(`tools_${field}_hint`)} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} />
          </FormField>
        ))}
        {draft.templateType === 'mask' && (
          <label className="flex items-center gap-2 self-end text-sm">
            <input type="checkbox" checked={draft.countable} disabled={readOnly} onChange={(e) => setDraft({ ...draft, countable: e.target.checked })} />
            {t('tools_countable')}
          </label>
        )}
        {draft.templateType === 'cuboid' && (
          <label className="flex items-center gap-2 self-end text-sm">
            <input type="checkbox" checked={draft.enablePitchRoll} disabled={readOnly} onChange={(e) => setDraft({ ...draft, enablePitchRoll: e.target.checked })} />
            {t('tools_enable_pitch_roll')}
          </label>
        )}
        <FormField id="tool-description" label={t('tools_description')} error={errors.description}>
          <Input value={draft.description} disabled={readOnly} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
        </FormField>
      </div>
      <h2 className="text-lg font-semibold">{t('tools_attributes')}</h2>
      {draft.attributes.map((attribute, index) => (
        <AttributeEditor
          key={index}
          index={index}
          attribute={attribute}
          errors={errors}
          readOnly={readOnly}
          onChange={(next) => setDraft({ ...draft, attributes: draft.attributes.map((a, i) => (i === index ? next : a)) })}
          onRemove={() => setDraft({ ...draft, attributes: draft.attributes.filter((_, i) => i !== index) })}
        />
      ))}
      {!readOnly && (
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={() => setDraft({ ...draft, attributes: [...draft.attributes, blankAttribute()] })}>
            <Plus className="h-4 w-4" />
            {t('tools_attribute_add')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t('save')}
          </Button>
        </div>
      )}
    </form>
  );
}
