import type { TokenCounter } from "@promptstack/core";
import { describe, expect, it } from "vitest";
import { createTestIo } from "../../test/create-test-io.js";
import { loadDoctorReport } from "./load-doctor-report.js";

// One token per text: every stable prefix is far below every provider's minimum.
const TINY: TokenCounter = {
  countTokens: (text) => (text === "" ? 0 : 1),
  isWithinLimit: () => true,
};

describe("loadDoctorReport", () => {
  it("runs the provider's check only with both a provider and a token counter", async () => {
    const plain = await loadDoctorReport({ mode: "none" }, createTestIo(), undefined);
    expect(await loadDoctorReport({ mode: "none" }, createTestIo(), TINY)).toEqual(plain);
    const provider = { provider: "anthropic", model: "claude-haiku-4-5" } as const;
    const options = { mode: "none", ...provider } as const;
    expect(await loadDoctorReport(options, createTestIo(), undefined)).toEqual({
      ...plain,
      provider,
    });
    const checked = await loadDoctorReport(options, createTestIo(), TINY);
    expect(checked.findings.map((finding) => finding.code)).toContain("prefix-below-cache-minimum");
  });
});
