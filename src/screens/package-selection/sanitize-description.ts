import DOMPurify from 'dompurify';

/**
 * A package's description is HTML from the server (sanitized before it is rendered: docs/decisions/016-package-description-sanitized.md). Only
 * simple text markup stays: paragraphs, line breaks, emphasis and lists, without any attribute; every
 * other element goes (a script or a style with its content, anything else keeping its text).
 */
const allowedTags = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li'];

export function sanitizeDescription(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: allowedTags, ALLOWED_ATTR: [] });
}
