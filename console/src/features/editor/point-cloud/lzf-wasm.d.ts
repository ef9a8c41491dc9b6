// The LZF decoder's WebAssembly module, compiled and inlined by the console's build (vite.config.ts).
declare module 'virtual:lzf-wasm' {
  const code: Uint8Array<ArrayBuffer>;
  export default code;
}
