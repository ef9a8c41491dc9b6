// What a rule version may contain: rich text stripped to safe markup, or a real PDF under 10 MB.
import { AppError } from '@annot/core';
import { ruleFileMaxBytes } from '@annot/workflows';
import sanitizeHtml from 'sanitize-html';

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'u', 's'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], span: ['style'], '*': ['class'] },
  allowedSchemes: ['http', 'https', 'mailto', 'data'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowedStyles: { span: { color: [/^#[0-9a-f]{3,6}$/i], 'background-color': [/^#[0-9a-f]{3,6}$/i] } },
};

export function sanitizeRuleHtml(html: string): string {
  const clean = sanitizeHtml(html, allowed).trim();
  if (!clean) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'html', messageKey: 'catalog.rule_content_empty' }]);
  return clean;
}

/** Checked by content, not by name: a PDF starts with %PDF-. */
export function assertPdf(content: Buffer | undefined): Buffer {
  if (!content || content.length === 0) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'file', messageKey: 'catalog.rule_file_empty' }]);
  if (content.length > ruleFileMaxBytes) throw new AppError(413, 'TOO_LARGE', 'catalog.rule_file_too_large');
  if (content.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'file', messageKey: 'catalog.rule_file_not_pdf' }]);
  }
  return content;
}
