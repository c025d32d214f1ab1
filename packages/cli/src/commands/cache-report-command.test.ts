import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { parseCount } from "./cache-report-command.js";

function parseError(parse: (value: string) => number, value: string): unknown {
  try {
    parse(value);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("parseCount", () => {
  const parse = parseCount(1, 50);

  it("takes whole numbers from min to max, both included", () => {
    expect(parse("1")).toBe(1);
    expect(parse("50")).toBe(50);
    expect(parse("007")).toBe(7);
  });

  it.each(["0", "51", "5x", "x5", "", "2.5", "-3", " 4", "1e1", "99999999999999999999"])(
    "refuses %j with the range in the message",
    (value) => {
      const error = parseError(parse, value);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect(error).toMatchObject({ message: "expected a whole number from 1 to 50." });
    },
  );
});
