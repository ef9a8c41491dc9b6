// Sends a stored file to be shown in the browser (a rule's PDF), as the type it was checked to be.
import type { Response } from 'express';
import type { FileContent } from '@annot/core';

export function sendInline(res: Response, file: FileContent): void {
  // Never sniffed into another type: a file shown as HTML would run.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  res.type(file.mediaType).send(file.content);
}
