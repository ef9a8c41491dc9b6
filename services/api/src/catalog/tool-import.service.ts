// Reads an imported tool file: one tool, as JSON through the input gate, valid by the same schema; every problem becomes one line.
import { Injectable } from '@nestjs/common';
import { AppError } from '@annot/core';
import { jsonOf, type ToolInput, toolInput } from '@annot/workflows';
import { inputRefused } from '../http/input-gate';
import { fieldErrorsOf } from '../http/validation.pipe';
import type { Language } from '../i18n/language';
import { translate } from '../i18n/translate';

/** The import failed: the envelope carries one readable line per problem in data.errors. */
export class ImportFailed extends AppError {
  constructor(lines: string[]) {
    super(400, 'IMPORT_FAILED', 'catalog.import_failed', {}, [], { errors: lines });
  }
}

@Injectable()
export class ToolImport {
  parse(content: string, language: Language): ToolInput {
    const line = (key: string, params: Record<string, unknown> = {}) => translate(language, key, params);
    if (content.trim() === '') throw new ImportFailed([line('catalog.import_empty')]);
    const read = jsonOf(content, 'content');
    if ('refused' in read) {
      if (read.refused.messageKey === 'validation.malformed_json') throw new ImportFailed([line('catalog.import_not_json')]);
      throw inputRefused(read.refused);
    }
    let parsed = read.value;
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) throw new ImportFailed([line('catalog.import_empty')]);
      if (parsed.length > 1) throw new ImportFailed([line('catalog.import_only_one')]);
      parsed = parsed[0];
    }
    if (typeof parsed !== 'object' || parsed === null) throw new ImportFailed([line('catalog.import_type')]);
    const { id: _id, toolVersion: _version, ...definition } = parsed as Record<string, unknown>;
    const result = toolInput.safeParse(definition);
    if (result.success) return result.data;
    throw new ImportFailed(
      fieldErrorsOf(result.error).map((f) => {
        const message = f.messageKey === 'validation.invalid_type' ? line('catalog.import_type') : line(f.messageKey, { field: f.field, ...f.params });
        return `${f.field}: ${message}`;
      }),
    );
  }
}
