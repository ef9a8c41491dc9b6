// Documents a multipart upload route: its one file field, and the text fields sent beside it.
import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';

export const ApiFileUpload = (description: string, fields: Record<string, { type: 'string'; description: string }> = {}) =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description }, ...fields } } }),
  );
