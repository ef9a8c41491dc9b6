// A file on disk posted as a form's one file field with some text fields, streamed from the disk, over plain HTTP
// without the five-minute wait for an answer's headers that fetch has: a large import answers when it is done.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

export async function postFile(url: string, fields: Record<string, string>, file: string, token: string): Promise<{ status: number; body: any }> {
  const boundary = `bench-${randomUUID()}`;
  const head = [
    ...Object.entries(fields).map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${path.basename(file)}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  ].join('');
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + (await stat(file)).size + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length, authorization: `Bearer ${token}`, 'x-language': 'en_US' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    request.on('error', reject);
    request.write(head);
    const content = createReadStream(file);
    content.on('error', reject);
    content.on('end', () => request.end(tail));
    content.pipe(request, { end: false });
  });
}
