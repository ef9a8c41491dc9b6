// One attribute's control as the tool configures it: a choice tiled or as a dropdown, or an input box held to its
// characters min and max; a required one is marked, and its option hotkeys are shown.
import { useTranslation } from 'react-i18next';
import type { AttributeValue, ToolAttribute } from '@annot/workflows';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';

export interface AttributeFieldProps {
  attribute: ToolAttribute;
  value: AttributeValue | undefined;
  /** The validator's words on this attribute, if it has any. */
  issue?: string;
  disabled: boolean;
  onChange: (value: AttributeValue) => void;
}

export function AttributeField({ attribute, value, issue, disabled, onChange }: AttributeFieldProps) {
  const { t } = useTranslation();
  const id = `attribute-${attribute.name}`;
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  const label = (
    <label htmlFor={id} className="flex items-center gap-1 text-xs font-medium">
      {attribute.displayName}
      {attribute.required && (
        <span className="text-destructive" aria-label={t('editor_required')}>
          *
        </span>
      )}
      {attribute.hotkey && <kbd className="rounded border border-border px-1 text-[10px] text-muted-foreground">{attribute.hotkey}</kbd>}
    </label>
  );
  const warning = issue && (
    <p role="alert" className="text-xs text-amber-500">
      {issue}
    </p>
  );

  if (attribute.type === 'input') {
    const length = [...(typeof value === 'string' ? value : '')].length;
    return (
      <div className="grid gap-1">
        {label}
        <Input id={id} value={typeof value === 'string' ? value : ''} maxLength={attribute.maxChars} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
        {(attribute.minChars || attribute.maxChars) && (
          <span className="text-[10px] text-muted-foreground">{t('editor_chars', { count: length, min: attribute.minChars ?? 0, max: attribute.maxChars ?? '∞' })}</span>
        )}
        {warning}
      </div>
    );
  }

  if (attribute.display === 'dropdown') {
    const multiple = attribute.type === 'multiple';
    return (
      <div className="grid gap-1">
        {label}
        <Select
          id={id}
          multiple={multiple}
          disabled={disabled}
          value={multiple ? chosen : (chosen[0] ?? '')}
          onChange={(e) => onChange(multiple ? [...e.target.selectedOptions].map((o) => o.value) : e.target.value)}
        >
          {!multiple && <option value="">{t('items_choose')}</option>}
          {attribute.options.map((o) => (
            <option key={o.name} value={o.name}>
              {o.name}
              {o.hotkey ? ` [${o.hotkey}]` : ''}
            </option>
          ))}
        </Select>
        {warning}
      </div>
    );
  }

  const toggle = (option: string) => {
    if (attribute.type === 'single') return onChange(chosen[0] === option ? '' : option);
    onChange(chosen.includes(option) ? chosen.filter((c) => c !== option) : [...chosen, option]);
  };
  return (
    <div className="grid gap-1" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`}>{label}</span>
      <div className="flex flex-wrap gap-1">
        {attribute.options.map((o) => (
          <button
            key={o.name}
            type="button"
            role={attribute.type === 'single' ? 'radio' : 'checkbox'}
            aria-checked={chosen.includes(o.name)}
            disabled={disabled}
            onClick={() => toggle(o.name)}
            className={cn(
              'rounded border px-2 py-0.5 text-xs',
              chosen.includes(o.name) ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:bg-muted',
              disabled && 'opacity-60',
            )}
          >
            {o.name}
            {o.hotkey && <span className="ms-1 opacity-60">{o.hotkey}</span>}
          </button>
        ))}
      </div>
      {warning}
    </div>
  );
}
