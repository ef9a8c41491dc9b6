import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packedJson } from './packed-json';

describe('packedJson', () => {
  it('sends a small body as it is', async () => {
    expect(await packedJson({ result: { objects: [] } })).toEqual({ body: { result: { objects: [] } }, headers: {} });
  });

  it('gzips a large body, which unpacks to the same JSON at a fraction of its size', async () => {
    const value = { result: { objects: Array.from({ length: 2_000 }, (_, i) => ({ id: `b${i}`, shape: { type: 'box', x: i, y: i, width: 10, height: 10 } })) } };
    const { body, headers } = await packedJson(value);
    expect(headers).toEqual({ 'content-encoding': 'gzip' });
    const packed = Buffer.from(await (body as Blob).arrayBuffer());
    expect(JSON.parse(gunzipSync(packed).toString('utf8'))).toEqual(value);
    expect(packed.length).toBeLessThan(JSON.stringify(value).length / 4);
  });
});
