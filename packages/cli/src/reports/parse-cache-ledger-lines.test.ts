import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { parseCacheLedgerLines } from "./parse-cache-ledger-lines.js";

const REQUEST = {
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  at: "2026-12-01T21:05:00Z",
  body: { system: "You are Ada." },
  usage: { input_tokens: 12 },
};

const line = (fields: Record<string, unknown>): string => JSON.stringify({ ...REQUEST, ...fields });

/** What `parseCacheLedgerLines` throws for this text; fails the test when it returns. */
function refusalOf(text: string): CliError {
  const error = thrownBy(() => parseCacheLedgerLines(text, "ledger.jsonl"));
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

const PROVIDERS_HINT =
  "Use one of anthropic, openai, openai-responses, openai-chat, gemini, bedrock.";

describe("parseCacheLedgerLines", () => {
  it("reads each request with its 1-based line; blank lines, CRLF and unknown fields pass", () => {
    const text = [
      line({ layout: "turn-context", turn: 1 }),
      "",
      "   \t",
      line({ provider: "openai-responses", model: "gpt-5", lineage: "main" }),
      line({ sections: [{ id: "identity", text: "You are Ada." }] }),
    ].join("\r\n");
    expect(parseCacheLedgerLines(`${text}\r\n`, "ledger.jsonl")).toStrictEqual([
      { line: 1, request: REQUEST },
      {
        line: 4,
        request: { ...REQUEST, provider: "openai-responses", model: "gpt-5", lineage: "main" },
      },
      { line: 5, request: { ...REQUEST, sections: [{ id: "identity", text: "You are Ada." }] } },
    ]);
  });

  it("accepts every supported provider", () => {
    for (const provider of [
      "anthropic",
      "openai",
      "openai-responses",
      "openai-chat",
      "gemini",
      "bedrock",
    ]) {
      expect(parseCacheLedgerLines(line({ provider }), "l")[0]?.request.provider).toBe(provider);
    }
  });

  it("names the line of a line that is not JSON, with the parser's message as the cause", () => {
    const error = refusalOf(`${line({})}\n{"provider":`);
    expect(error).toMatchObject({
      code: "CLI_LEDGER_INVALID",
      message: `cache-ledger line ledger.jsonl:2: is not JSON (Unexpected end of JSON input).`,
      path: "ledger.jsonl",
      hint: "Write one JSON object per line.",
    });
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it("quotes the line without its CR, a CR inside it kept", () => {
    expect(refusalOf("\rx\r\n").message).toBe(
      `cache-ledger line ledger.jsonl:1: is not JSON (Unexpected token 'x', "\rx" is not valid JSON).`,
    );
  });

  it.each<[string, string, string]>([
    ["null", "is not a JSON object", "Write one JSON object per line."],
    ["[1]", "is not a JSON object", "Write one JSON object per line."],
    [line({ provider: "mistral" }), 'provider "mistral" is not supported', PROVIDERS_HINT],
    [line({ provider: 7 }), "provider 7 is not supported", PROVIDERS_HINT],
    [
      line({ model: "" }),
      "model must be a non-empty string",
      "Give the model id the request was sent to.",
    ],
    [
      line({ model: 5 }),
      "model must be a non-empty string",
      "Give the model id the request was sent to.",
    ],
    [
      line({ at: "2026-02-30T10:00:00Z" }),
      'at "2026-02-30T10:00:00Z" is not an ISO 8601 time that exists',
      "Write the time the request started with its zone, e.g. 2026-12-01T21:05:00Z.",
    ],
    [
      line({ at: ["2026-12-01T21:05:00Z"] }),
      'at ["2026-12-01T21:05:00Z"] is not an ISO 8601 time that exists',
      "Write the time the request started with its zone, e.g. 2026-12-01T21:05:00Z.",
    ],
    [
      line({ at: 1 }),
      "at 1 is not an ISO 8601 time that exists",
      "Write the time the request started with its zone, e.g. 2026-12-01T21:05:00Z.",
    ],
    [line({ body: "text" }), "body must be the request body object as sent", "Add the body."],
    [
      line({ usage: undefined }),
      "usage is missing",
      "Add the usage object the provider returned, exactly as returned.",
    ],
    [
      line({ lineage: 3 }),
      "lineage must be a string",
      "Leave it out to group by provider, model and cache key.",
    ],
    [
      line({ sections: [{ id: 1, text: "x" }] }),
      "sections must be an array of {id, text}",
      "Pass the turn's sections or leave them out.",
    ],
    [
      line({ sections: [{ id: "x", text: 1 }] }),
      "sections must be an array of {id, text}",
      "Pass the turn's sections or leave them out.",
    ],
    [
      line({ sections: [null] }),
      "sections must be an array of {id, text}",
      "Pass the turn's sections or leave them out.",
    ],
    [
      line({ sections: { id: "x", text: "y" } }),
      "sections must be an array of {id, text}",
      "Pass the turn's sections or leave them out.",
    ],
  ])("refuses %s: %s", (text, what, hint) => {
    const error = refusalOf(`\n${text}`);
    expect(error).toMatchObject({
      code: "CLI_LEDGER_INVALID",
      message: `cache-ledger line ledger.jsonl:2: ${what}.`,
      path: "ledger.jsonl",
      hint,
    });
    expect(error.cause).toBeUndefined();
  });
});
