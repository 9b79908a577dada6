// Which build of the wasm module this browser runs. `./dev.sh build` compiles the same source
// twice: with wasm's 128-bit SIMD (pkg/searchlab_bg.wasm, whose Othello move generation and flips
// work two directions at once) and without it (pkg/searchlab_nosimd_bg.wasm), for browsers that
// lack SIMD (Safari before 16.4); both share one glue, pkg/searchlab.js. The shell and the search
// worker pass this URL to the glue's init().

/** The smallest module with a SIMD instruction: a function returning `i8x16.popcnt(i8x16.splat(0))`. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, // "\0asm", version 1
  1, 5, 1, 96, 0, 1, 123, // type section: () -> v128
  3, 2, 1, 0, // function section: one function of that type
  10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11, // code: i32.const 0, i8x16.splat, i8x16.popcnt, end
]);

/** Whether this browser's WebAssembly has SIMD. */
export const hasSimd = WebAssembly.validate(SIMD_PROBE);

/** The wasm module for this browser. */
export const wasmUrl = new URL(hasSimd ? './pkg/searchlab_bg.wasm' : './pkg/searchlab_nosimd_bg.wasm', import.meta.url);
