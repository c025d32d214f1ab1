/**
 * Structural equality for renderer input: primitives by `Object.is`, functions by reference,
 * arrays element by element, other objects by their own enumerable keys. Strings the bootstrap
 * cache hands back unchanged are the same string, so comparing a workspace's file contents is
 * cheap when nothing changed. Inputs are JSON-like trees (no cycles).
 */
export function isDeepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) {
      if (!isDeepEqual(a[index], b[index])) return false;
    }
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) {
    if (!Object.hasOwn(b, key)) return false;
    if (!isDeepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) {
      return false;
    }
  }
  return true;
}
