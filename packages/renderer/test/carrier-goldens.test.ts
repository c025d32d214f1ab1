import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildRuntimeContextCarrier,
  parseInternalContextDelimiters,
  parseRuntimeContextCarrier,
  projectInboundText,
  resolveRuntimeContextCarrierFacts,
} from "../src/index.js";
import type {
  BuildRuntimeContextCarrierOptions,
  InboundTextKind,
  RuntimeContextSnapshot,
} from "../src/index.js";

const FIXTURES = join(import.meta.dirname, "../../../fixtures/carrier");

interface AttackCase {
  readonly name: string;
  readonly text?: string;
  readonly messages?: readonly string[];
  readonly kind?: InboundTextKind;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

function project(text: string, kind: InboundTextKind = "message"): string {
  return projectInboundText(text, { projectionVersion: 4, kind }).text;
}

/** The generator of `expected.json`: every case with its version-4 projection. */
function formatAttackTable(cases: readonly AttackCase[]): string {
  const rows = cases.map((attack) =>
    attack.messages === undefined
      ? {
          name: attack.name,
          text: attack.text,
          projection: project(attack.text ?? "", attack.kind),
        }
      : {
          name: attack.name,
          messages: attack.messages,
          projections: attack.messages.map((message) => project(message)),
        },
  );
  return `${JSON.stringify(rows, null, 2)}\n`;
}

const attackCases = readJson<AttackCase[]>(join(FIXTURES, "attack-table/input.json"));

describe("attack table", () => {
  it("matches expected.json", async () => {
    await expect(formatAttackTable(attackCases)).toMatchFileSnapshot(
      join(FIXTURES, "attack-table/expected.json"),
    );
  });

  it("reports drift when a projection changes", () => {
    const expected = formatAttackTable(attackCases);
    const changed = attackCases.map((attack, index) =>
      index === 0 ? { ...attack, text: `${attack.text ?? ""}!` } : attack,
    );
    expect(formatAttackTable(changed)).not.toBe(expected);
  });

  it.each(attackCases.map((attack) => [attack.name, attack] as const))(
    "%s: no delimiter survives, alone or joined",
    (_name, attack) => {
      const texts = attack.messages ?? [attack.text ?? ""];
      const projections = texts.map((text) => project(text, attack.kind));
      for (const joined of [projections.join(""), projections.join("\n")]) {
        expect(parseInternalContextDelimiters(joined)).toEqual([]);
      }
    },
  );

  it("contains real attacks: most inputs hold a delimiter before projection", () => {
    const detected = attackCases.filter(
      (attack) =>
        parseInternalContextDelimiters((attack.messages ?? [attack.text ?? ""]).join("")).length >
        0,
    );
    expect(detected.length).toBeGreaterThanOrEqual(30);
  });
});

describe("carrier golden", () => {
  const input = readJson<{
    options: BuildRuntimeContextCarrierOptions;
    snapshot: RuntimeContextSnapshot;
  }>(join(FIXTURES, "carrier-with-every-capability/input.json"));

  it("matches expected.txt and parses back to its facts", async () => {
    const carrier = buildRuntimeContextCarrier(input.snapshot, input.options);
    await expect(`${carrier}\n`).toMatchFileSnapshot(
      join(FIXTURES, "carrier-with-every-capability/expected.txt"),
    );
    expect(parseRuntimeContextCarrier(carrier)).toEqual({
      facts: resolveRuntimeContextCarrierFacts(input.snapshot, input.options),
      diagnostics: [],
    });
  });
});
