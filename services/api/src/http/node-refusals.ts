// Requests Node refuses before Express sees them (headers too large, broken HTTP): answered in the envelope all the same.
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { languageOf } from '../i18n/language';
import { translate } from '../i18n/translate';
import type { Envelope } from './envelope';

/** The request's headers as far as they arrived, so the refusal can still speak the caller's language. */
function headersOf(raw: Buffer | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of (raw ?? Buffer.alloc(0)).subarray(0, 64 * 1024).toString('latin1').split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function cookiesOf(header: string | undefined): Record<string, string> {
  return Object.fromEntries((header ?? '').split(';').map((part) => part.trim().split('=') as [string, string]).filter(([k, v]) => k && v));
}

export function answerNodeRefusals(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const overflow = error.code === 'HPE_HEADER_OVERFLOW';
    const status = overflow ? 431 : error.code === 'HPE_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const headers = headersOf(error.rawPacket);
    const language = languageOf(headers, cookiesOf(headers.cookie));
    const envelope: Envelope = {
      code: status,
      message: translate(language, overflow ? 'errors.header_too_large' : 'errors.bad_request'),
      data: null,
      errCode: overflow ? 'TOO_LARGE' : 'BAD_REQUEST',
    };
    const body = JSON.stringify(envelope);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
