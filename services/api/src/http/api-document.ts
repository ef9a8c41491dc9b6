// The OpenAPI document at /api/docs: request bodies from the zod schemas, and the envelope every route answers with.
import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';

/** The refusals any route may give; each is the envelope with its errCode. */
const refusals: Record<string, string> = {
  '400': 'VALIDATION_FAILED with field errors, MALFORMED_JSON or BAD_REQUEST',
  '403': 'TOKEN_INVALID (sign in again) or FORBIDDEN (role or membership)',
  '404': 'NOT_FOUND',
  '409': 'VERSION_CONFLICT, INVALID_TRANSITION or IDEMPOTENCY_KEY_REUSED',
  '413': 'TOO_LARGE',
  '415': 'UNSUPPORTED_MEDIA_TYPE: only application/json (and multipart/form-data for uploads), UTF-8, identity, gzip, deflate or br',
  '429': 'RATE_LIMITED',
  '500': 'INTERNAL, without details',
};

const envelope = {
  type: 'object',
  required: ['code', 'message', 'data', 'errCode'],
  properties: {
    code: { type: 'integer', description: 'the HTTP status' },
    message: { type: 'string', description: "in the caller's language (x-language header or languageType cookie; zh_CN by default)" },
    data: { description: 'the answer; on a 400 with field errors, { fields: [{ field, message }] }' },
    errCode: { type: 'string', nullable: true },
  },
};

/** Nest names a body's schema after its class: two different bodies with one name would document one of them wrong. */
export function assertUniqueBodyNames(app: INestApplication): void {
  const seen = new Map<string, unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as { prototype: object; name: string } | null;
      if (!controller) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const args: Record<string, { index: number }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {};
        const types: unknown[] = Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? [];
        for (const [key, { index }] of Object.entries(args)) {
          if (Number(key.split(':')[0]) !== RouteParamtypes.BODY) continue;
          const type = types[index] as { name?: string } | undefined;
          if (!type?.name || type === Object) continue;
          const other = seen.get(type.name);
          if (other && other !== type) throw new Error(`Two request bodies are both named ${type.name} (one in ${controller.name}.${method}); give each its own name`);
          seen.set(type.name, type);
        }
      }
    }
  }
}

export function apiDocument(app: INestApplication): OpenAPIObject {
  assertUniqueBodyNames(app);
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Annotation platform API')
      .setDescription(
        'Every answer is the envelope { code, message, data, errCode }. Writes accept If-Match (the ETag of the read) and ' +
          'Idempotency-Key (a retry gets the first answer back).',
      )
      .addBearerAuth()
      .build(),
  );
  document.components = { ...document.components, schemas: { ...document.components?.schemas, Envelope: envelope } };
  const ref = { $ref: '#/components/schemas/Envelope' };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations) as { responses?: Record<string, unknown> }[]) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const responses = (operation.responses ??= {});
      const success = responses['200'] ?? responses['201'];
      delete responses['201'];
      responses['200'] = { description: 'Success', content: { 'application/json': { schema: ref } }, ...(success as object) };
      for (const [status, description] of Object.entries(refusals)) responses[status] ??= { description, content: { 'application/json': { schema: ref } } };
    }
  }
  return cleanupOpenApiDoc(document);
}
