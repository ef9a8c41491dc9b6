// Compiles the LZF decoder's AssemblyScript source into WebAssembly: the console's build inlines the module, the
// decoder's test loads it. Built from source every time, so no binary is kept in the repository.
import { readFile } from 'node:fs/promises';
import asc from 'assemblyscript/asc';

/** The decoder's source, for a build that watches it. */
export const lzfSource = new URL('./lzf.ts', import.meta.url);

export async function compileLzfWasm(): Promise<Uint8Array<ArrayBuffer>> {
  const source = await readFile(lzfSource, 'utf8');
  // The stub runtime: the decoder allocates nothing, so the whole memory is the caller's to lay out.
  const { binary, error, stderr } = await asc.compileString({ 'lzf.ts': source }, { optimizeLevel: 3, runtime: 'stub', noAssert: true });
  if (!binary) throw new Error(`the LZF decoder did not compile: ${error?.message ?? ''}\n${stderr.toString()}`);
  // Copied into a plain ArrayBuffer, the memory WebAssembly.Module takes.
  return binary.slice();
}
