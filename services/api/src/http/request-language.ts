// The language of the request being served, resolved once from its headers and cookies.
import type { Request } from 'express';
import { type Language, languageOf } from '../i18n/language';

export function requestLanguage(req: Request): Language {
  return languageOf(req.headers, req.cookies as Record<string, string> | undefined);
}
