// Captures a hotkey by pressing it: the key pressed becomes the value; Backspace clears it.
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';

export function HotkeyInput({ value, onChange, ...props }: { value: string; onChange: (key: string) => void } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <Input
      {...props}
      value={value}
      readOnly
      placeholder={t('tools_hotkey_press')}
      onKeyDown={(event) => {
        if (event.key === 'Tab') return;
        event.preventDefault();
        if (event.key === 'Backspace' || event.key === 'Delete') return onChange('');
        if (event.key.length === 1) onChange(event.key.toUpperCase());
        else if (/^F\d{1,2}$/.test(event.key)) onChange(event.key);
      }}
    />
  );
}
