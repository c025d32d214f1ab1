import { describe, expect, it } from "vitest";
import { cloneJson, setOwn } from "./plain-object.js";

describe("setOwn", () => {
  it("sets an ordinary own data property, also for __proto__, leaving the prototype alone", () => {
    const target: Record<string, unknown> = {};
    setOwn(target, "__proto__", { polluted: true });
    expect(Object.getOwnPropertyDescriptor(target, "__proto__")).toEqual({
      value: { polluted: true },
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
  });
});

describe("cloneJson", () => {
  it("copies arrays and the objects in them, sharing nothing with the input", () => {
    const input = { list: [{ id: "a" }, [1]] };
    const copy = cloneJson(input);
    expect(copy).toEqual(input);
    expect(copy.list).not.toBe(input.list);
    expect(copy.list[0]).not.toBe(input.list[0]);
    expect(copy.list[1]).not.toBe(input.list[1]);
  });
});
