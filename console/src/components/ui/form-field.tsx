// A labelled input with its error underneath, wired for screen readers.
import * as React from 'react';
import { Label } from './label';

export interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  /** Sits beside the input, such as a send-code button. */
  addon?: React.ReactNode;
  children: React.ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}

export function FormField({ id, label, error, addon, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {addon ? (
        <div className="flex gap-2">
          {React.cloneElement(children, { id, 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined })}
          {addon}
        </div>
      ) : (
        React.cloneElement(children, { id, 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined })
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
