/** A JSON object as seen before validation. */
export type PlainObject = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets an own data property, even for keys such as `__proto__`, without touching prototypes. */
export function setOwn(target: PlainObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Deep copy of JSON-like data that can never pollute a prototype. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneJson(item)) as T;
  if (!isPlainObject(value)) return value;
  const out: PlainObject = {};
  for (const key of Object.keys(value)) setOwn(out, key, cloneJson(value[key]));
  return out as T;
}

/** True when a plain object has no own keys. */
export function isEmptyObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}
