// LZF decompression by the WebAssembly build of assembly/lzf.ts, for a caller that expands large streams one after
// another (the console's point cloud worker): the stream is copied into the module's memory and expanded there.
import { decompressLzf, type LzfExpander, lzfSlack } from './lzf';
import { PointCloudError } from './point-cloud-error';

interface LzfExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  decompress(input: number, inLength: number, output: number, rawSize: number): number;
}

/** The part of the engine's WebAssembly API used here: this package compiles without the browser's or Node's types of it. */
declare const WebAssembly: {
  Module: new (code: Uint8Array<ArrayBuffer>) => object;
  Instance: new (module: object) => { exports: unknown };
};

const page = 65536;

/**
 * An expander running the compiled module `code`, or null where this engine runs no WebAssembly (none at all, or a
 * content security policy without 'wasm-unsafe-eval'), so the caller keeps the JavaScript decoder. Its memory grows
 * to the largest stream seen and is held for the expander's life; each answer views it until the next call.
 */
export function wasmLzf(code: Uint8Array<ArrayBuffer>): LzfExpander | null {
  let exports: LzfExports;
  try {
    exports = new WebAssembly.Instance(new WebAssembly.Module(code)).exports as unknown as LzfExports;
  } catch {
    return null;
  }
  const { memory, decompress } = exports;
  return {
    expand(input: Uint8Array, rawSize: number): Uint8Array {
      // The output starts on a word so that the parser may read its floats through a Float32Array.
      const output = Math.ceil(input.length / 8) * 8;
      const needed = output + rawSize + lzfSlack;
      if (memory.buffer.byteLength < needed) {
        try {
          memory.grow(Math.ceil((needed - memory.buffer.byteLength) / page));
        } catch {
          // More than the engine lends a module: the JavaScript decoder expands into memory of its own.
          return decompressLzf(input, rawSize);
        }
      }
      new Uint8Array(memory.buffer).set(input);
      const written = decompress(0, input.length, output, rawSize);
      if (written < 0) throw new PointCloudError('pointcloud.compressed_invalid');
      if (written !== rawSize) throw new PointCloudError('pointcloud.truncated', { expected: rawSize, actual: written });
      return new Uint8Array(memory.buffer, output, rawSize);
    },
  };
}
