// Edits one attribute of a tool: names, level, hotkey, colour, flags, type and its options.
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { attributeTypes } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { FieldErrors } from '@/lib/form-errors';
import { HotkeyInput } from './hotkey-input';

export interface AttributeDraft {
  name: string;
  displayName: string;
  exportName: string;
  level: string;
  hotkey: string;
  color: string;
  required: boolean;
  defaultItem: string;
  instanceAttribute: boolean;
  frameAttribute: boolean;
  type: string;
  display: string;
  options: { name: string; hotkey: string }[];
  minChars: string;
  maxChars: string;
}

export const blankAttribute = (): AttributeDraft => ({
  name: '',
  displayName: '',
  exportName: '',
  level: '1',
  hotkey: '',
  color: '#2563eb',
  required: false,
  defaultItem: '',
  instanceAttribute: false,
  frameAttribute: false,
  type: 'single',
  display: 'tiled',
  options: [{ name: '', hotkey: '' }],
  minChars: '',
  maxChars: '',
});

export interface AttributeEditorProps {
  index: number;
  attribute: AttributeDraft;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (attribute: AttributeDraft) => void;
  onRemove: () => void;
}

export function AttributeEditor({ index, attribute, errors, readOnly, onChange, onRemove }: AttributeEditorProps) {
  const { t } = useTranslation();
  const id = (field: string) => `attribute-${index}-${field}`;
  const error = (field: string) => errors[`attributes.${index}.${field}`];
  const set = <K extends keyof AttributeDraft>(field: K, value: AttributeDraft[K]) => onChange({ ...attribute, [field]: value });
  const text = (field: 'name' | 'displayName' | 'exportName' | 'level' | 'defaultItem' | 'minChars' | 'maxChars') => (
    <FormField id={id(field)} label={t(`tools_attribute_${field}`)} error={error(field)}>
      <Input value={attribute[field]} disabled={readOnly} onChange={(e) => set(field, e.target.value)} />
    </FormField>
  );
  const flag = (field: 'required' | 'instanceAttribute' | 'frameAttribute') => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={attribute[field]} disabled={readOnly} onChange={(e) => set(field, e.target.checked)} />
      {t(`tools_attribute_${field}`)}
    </label>
  );
  return (
    <Card role="group" aria-label={t('tools_attribute_n', { n: index + 1 })}>
      <CardContent className="grid gap-3 pt-5">
        <div className="grid grid-cols-3 gap-3">
          {text('name')}
          {text('displayName')}
          {text('exportName')}
          {text('level')}
          <FormField id={id('hotkey')} label={t('tools_attribute_hotkey')} error={error('hotkey')}>
            <HotkeyInput value={attribute.hotkey} disabled={readOnly} onChange={(key) => set('hotkey', key)} />
          </FormField>
          <FormField id={id('color')} label={t('tools_attribute_color')} error={error('color')}>
            <Input type="color" className="h-9 w-20 p-1" value={attribute.color} disabled={readOnly} onChange={(e) => set('color', e.target.value)} />
          </FormField>
          <FormField id={id('type')} label={t('tools_attribute_type')} error={error('type')}>
            <Select value={attribute.type} disabled={readOnly} onChange={(e) => set('type', e.target.value)}>
              {attributeTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`tools_type_${type}`)}
                </option>
              ))}
            </Select>
          </FormField>
          {attribute.type !== 'input' && (
            <FormField id={id('display')} label={t('tools_attribute_display')}>
              <Select value={attribute.display} disabled={readOnly} onChange={(e) => set('display', e.target.value)}>
                <option value="tiled">{t('tools_display_tiled')}</option>
                <option value="dropdown">{t('tools_display_dropdown')}</option>
              </Select>
            </FormField>
          )}
          {attribute.type === 'input' ? (
            <>
              {text('minChars')}
              {text('maxChars')}
            </>
          ) : (
            text('defaultItem')
          )}
        </div>
        <div className="flex flex-wrap gap-4">
          {flag('required')}
          {flag('instanceAttribute')}
          {flag('frameAttribute')}
        </div>
        {attribute.type !== 'input' && (
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t('tools_options')}</legend>
            {error('options') && (
              <p role="alert" className="text-xs text-destructive">
                {error('options')}
              </p>
            )}
            {attribute.options.map((option, o) => (
              <div key={o} className="grid grid-cols-[1fr_10rem_auto] items-end gap-2">
                <FormField id={id(`option-${o}-name`)} label={t('tools_option_name', { n: o + 1 })} error={error(`options.${o}.name`)}>
                  <Input
                    value={option.name}
                    disabled={readOnly}
                    onChange={(e) => set('options', attribute.options.map((x, i) => (i === o ? { ...x, name: e.target.value } : x)))}
                  />
                </FormField>
                <FormField id={id(`option-${o}-hotkey`)} label={t('tools_option_hotkey', { n: o + 1 })} error={error(`options.${o}.hotkey`)}>
                  <HotkeyInput
                    value={option.hotkey}
                    disabled={readOnly}
                    onChange={(key) => set('options', attribute.options.map((x, i) => (i === o ? { ...x, hotkey: key } : x)))}
                  />
                </FormField>
                {!readOnly && (
                  <Button type="button" variant="ghost" size="icon" aria-label={t('tools_option_remove', { n: o + 1 })} onClick={() => set('options', attribute.options.filter((_, i) => i !== o))}>
                    <Trash2 className="h-4 w-4" />
                  </Button>
                )}
              </div>
            ))}
            {!readOnly && (
              <div>
                <Button type="button" variant="outline" size="sm" onClick={() => set('options', [...attribute.options, { name: '', hotkey: '' }])}>
                  <Plus className="h-4 w-4" />
                  {t('tools_option_add')}
                </Button>
              </div>
            )}
          </fieldset>
        )}
        {!readOnly && (
          <div className="flex justify-end">
            <Button type="button" variant="outline" size="sm" onClick={onRemove}>
              <Trash2 className="h-4 w-4" />
              {t('tools_attribute_remove')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
