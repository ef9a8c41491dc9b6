// A form checked by one of the shared zod schemas (react-hook-form with its zod resolver), with each field's message
// in the reader's language and the server's field errors put under the same fields after a refusal.
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageKey, serverFieldErrors } from './form-errors';

export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const { t } = useTranslation();
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never), defaultValues });
  /** The message under a field: the schema's key translated, or the server's message as it came. */
  const errorOf = (field: string): string | undefined => {
    const error = field.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], form.formState.errors) as { message?: string; type?: string } | undefined;
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(messageKey(error.message), { defaultValue: t('validation_invalid', { field }), field });
  };
  /** After a refused submission: each field error the server named, under its field; `within` is where the form's
   * values sit in the request the server saw (a part of a larger body). */
  const showRefusal = (refusal: unknown, within = '') => {
    for (const [field, message] of Object.entries(serverFieldErrors(refusal))) {
      if (field.startsWith(within)) form.setError(field.slice(within.length) as Path<z.input<S>>, { type: 'server', message });
    }
  };
  return { ...form, errorOf, showRefusal };
}
