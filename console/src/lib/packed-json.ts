// A large JSON body packed with the browser's own gzip before it travels: an item's whole result is sent on every
// autosave, and a thousand shapes are half a megabyte as text but a small fraction of that packed.
const packFrom = 32 * 1024;

export interface PackedBody {
  body: unknown;
  headers: Record<string, string>;
}

export async function packedJson(value: unknown): Promise<PackedBody> {
  const text = JSON.stringify(value);
  if (text.length < packFrom || typeof CompressionStream === 'undefined') return { body: value, headers: {} };
  const stream = new Response(text).body!.pipeThrough(new CompressionStream('gzip'));
  return { body: await new Response(stream).blob(), headers: { 'content-encoding': 'gzip' } };
}
