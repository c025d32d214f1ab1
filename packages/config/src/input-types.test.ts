import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import type { ConfigSchema } from "./config-schema.js";
import type { PromptstackConfigInput } from "./config-types.js";
import { parseConfig } from "./parse-config.js";
import { parseRunFacts } from "./parse-run-facts.js";
import type { RunFactsSchema } from "./run-facts-schema.js";
import type { RunFactsInput } from "./run-facts-types.js";

// The public input types are hand-written (zod stays inside); these type-level checks, run by
// `pnpm typecheck`, keep them in step with what the schemas accept (readonly, and with optional
// keys that may be absent rather than `undefined`, as `exactOptionalPropertyTypes` wants).
type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<Exclude<T[K], undefined>> }
    : T;

/** Compiles only when `B` is assignable to `A`; checked by `tsc`, a no-op at run time. */
function assertAssignable<A, B extends A>(): B | undefined {
  return undefined;
}

describe("input types", () => {
  it("RunFactsInput is exactly what the run facts schema accepts (up to readonly)", () => {
    assertAssignable<RunFactsInput, DeepReadonly<z.input<RunFactsSchema>>>();
    assertAssignable<DeepReadonly<z.input<RunFactsSchema>>, RunFactsInput>();
  });

  it("PromptstackConfigInput is what the config schema accepts (up to readonly)", () => {
    assertAssignable<PromptstackConfigInput, DeepReadonly<z.input<ConfigSchema>>>();
    assertAssignable<DeepReadonly<z.input<ConfigSchema>>, PromptstackConfigInput>();
  });

  it("a typed minimal document parses: defaults fill what the input type leaves out", () => {
    const input = {
      sessionKind: "direct",
      channel: { id: "telegram", chatType: "direct", capabilities: { voice: true } },
      model: { id: "gpt-5.5", provider: "openai" },
      time: { date: "2026-09-06", timeZone: "Europe/Berlin" },
      runtime: { host: "h", os: "linux", node: "v20" },
    } satisfies RunFactsInput;
    const facts = parseRunFacts(input);
    expect(facts.tools).toEqual([]);
    expect(facts.channel.capabilities).toMatchObject({ voice: true, reactions: "none" });
    const config = { agents: { defaults: { workspace: "/w" } } } satisfies PromptstackConfigInput;
    expect(parseConfig(config).config).toEqual(config);
  });
});
