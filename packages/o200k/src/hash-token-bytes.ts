/**
 * FNV-1a over `bytes[start..end)`, finished with a shift-xor so the low bits (the slot index) mix
 * all input bytes. The rank table is built and read with this one function.
 */
export function hashTokenBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index += 1) {
    hash = Math.imul(hash ^ (bytes[index] as number), 0x01000193);
  }
  return (hash ^ (hash >>> 15)) >>> 0;
}
