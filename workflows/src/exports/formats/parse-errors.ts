// Why a JSON, YAML or XML file does not parse, as a message reference with the line and column where it breaks: the
// parsers' own sentences are English, so only their positions reach the reader.
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { messageRef } from '../../i18n/message-ref';
import { importDetails } from '../format';

/** Line and column (from 1) of a character offset into a text. */
function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: before.length - lineStart + 1 };
}

/**
 * Where a text that `JSON.parse` refused breaks. V8's message names no position for some errors, so a strict JSON
 * reader that reports offsets finds the first fault; the end of the text where it finds none (an empty file).
 */
export function jsonSyntaxDetail(text: string): string {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return messageRef(importDetails.jsonSyntax, positionAt(text, errors[0]?.offset ?? text.length));
}

/** Where a JSON text read as a stream breaks (see JsonFaultFinder), said as `jsonSyntaxDetail` says it; the end where it found none. */
export function jsonFaultDetail(position: { line: number; column: number }): string {
  return messageRef(importDetails.jsonSyntax, position);
}

/** Where js-yaml stopped: its marks count lines and columns from 0. */
export function yamlSyntaxDetail(error: unknown): string {
  const mark = (error as { mark?: { line?: number; column?: number } }).mark;
  return messageRef(importDetails.yamlSyntax, { line: (mark?.line ?? 0) + 1, column: (mark?.column ?? 0) + 1 });
}

/** Where fast-xml-parser's validator found the document broken (lines and columns from 1). */
export function xmlSyntaxDetail(error: { line: number; col: number }): string {
  return messageRef(importDetails.xmlSyntax, { line: error.line, column: error.col });
}
