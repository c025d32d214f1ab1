/**
 * Proves the ledger properties can fail: the attribution is replaced by versions with a planted
 * bug, and each property must then report a counterexample.
 */
import { withoutPropertyTimeLimit } from "@promptstack-tools/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AttributedRequest } from "../src/attribute-cache-miss.js";
import { assertAppendOnlyNeverMisses, assertChangeIsNamedOnce } from "./ledger-conversations.js";

const planted = vi.hoisted(() => ({ bug: "none" as "none" | "tools-left-out" | "late-by-one" }));

vi.mock("../src/attribute-cache-miss.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/attribute-cache-miss.js")>();
  let previousVerdict: ReturnType<typeof original.attributeCacheMiss> | undefined;
  const withoutTools = (request: AttributedRequest): AttributedRequest => ({
    ...request,
    parts: request.parts.filter((part) => part.ref.area !== "tools"),
  });
  return {
    ...original,
    attributeCacheMiss: (
      previous: AttributedRequest | undefined,
      current: AttributedRequest,
      facts: Parameters<typeof original.attributeCacheMiss>[2],
    ) => {
      if (planted.bug === "tools-left-out") {
        // Bug: the tools are not part of the compared serialization.
        return original.attributeCacheMiss(
          previous && withoutTools(previous),
          withoutTools(current),
          facts,
        );
      }
      const verdict = original.attributeCacheMiss(previous, current, facts);
      if (planted.bug === "late-by-one") {
        // Bug: each verdict is reported on the request after the one it belongs to.
        const late = previous === undefined ? undefined : previousVerdict;
        previousVerdict = verdict;
        return late ?? { ...verdict, miss: false, cause: { kind: "none" } };
      }
      return verdict;
    },
  };
});

afterEach(() => {
  planted.bug = "none";
});

describe("the ledger properties catch a planted attribution bug", () => {
  it("unplanted: both properties hold through the mock", () => {
    assertAppendOnlyNeverMisses(20);
    assertChangeIsNamedOnce(40);
  });

  it("tools left out of the comparison: a tool change is not named", () => {
    planted.bug = "tools-left-out";
    expect(() => withoutPropertyTimeLimit(() => assertChangeIsNamedOnce(300))).toThrow(
      /Property failed/,
    );
  });

  it("verdicts one request late: the change is named at k+1", () => {
    planted.bug = "late-by-one";
    expect(() => withoutPropertyTimeLimit(() => assertChangeIsNamedOnce(100))).toThrow(
      /Property failed/,
    );
  });
});
