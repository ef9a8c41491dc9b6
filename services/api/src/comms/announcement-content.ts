// What an announcement's rich text may hold: the markup the console's editor makes, nothing that runs or loads.
import sanitizeHtml from 'sanitize-html';
import { AppError } from '@annot/core';

const safeHref = /^(https?:|mailto:)/i;

/** A link opens beside the notice and gives the page it opens no hold on this one; one to anywhere else is plain text. */
function link(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = attribs.href?.trim();
  return href && safeHref.test(href) ? { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer' } } : { tagName: 'span', attribs: {} };
}

const allowed: sanitizeHtml.IOptions = {
  allowedTags: ['span', 'p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'hr', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  disallowedTagsMode: 'discard',
  transformTags: { a: link },
};

/** The markup kept; refused when nothing readable is left of it. */
export function sanitizeAnnouncementHtml(html: string): string {
  const clean = sanitizeHtml(html, allowed).trim();
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim();
  if (!text) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'content', messageKey: 'announcements.content_empty' }]);
  return clean;
}
