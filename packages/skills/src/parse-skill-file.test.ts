import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_METADATA_TOTAL_CHARS, parseSkillFile } from "./parse-skill-file.js";

const PATH = "/skills/weather-report/SKILL.md";
const codes = (text: string, filePath = PATH): string[] =>
  parseSkillFile(text, filePath).diagnostics.map((diagnostic) => diagnostic.code);

describe("parseSkillFile", () => {
  it("reads every supported frontmatter key", () => {
    const text = [
      "---",
      "name: weather-report",
      "description: Fetch a forecast.",
      "user-invocable: false",
      "disable-model-invocation: true",
      "homepage: https://example.com/weather",
      "metadata:",
      "  openclaw:",
      "    always: true",
      "    os: [darwin, linux]",
      "    primaryEnv: WEATHER_KEY",
      "    skillKey: weather",
      "    requires:",
      "      bins: [curl]",
      "      anyBins: [jq, yq]",
      "      env: [WEATHER_KEY]",
      "      config: [weather.enabled]",
      "---",
      "# Weather",
    ].join("\n");
    expect(parseSkillFile(text, PATH)).toEqual({
      skill: {
        name: "weather-report",
        description: "Fetch a forecast.",
        userInvocable: false,
        disableModelInvocation: true,
        homepage: "https://example.com/weather",
        metadata: {
          always: true,
          os: ["darwin", "linux"],
          primaryEnv: "WEATHER_KEY",
          skillKey: "weather",
          requires: {
            bins: ["curl"],
            anyBins: ["jq", "yq"],
            env: ["WEATHER_KEY"],
            config: ["weather.enabled"],
          },
        },
      },
      diagnostics: [],
    });
  });

  it("accepts metadata as a JSON string and defaults the booleans", () => {
    const text = `---\nname: gh\ndescription: GitHub CLI.\nmetadata: '{"openclaw":{"requires":{"bins":["gh"]}}}'\n---\n`;
    const { skill, diagnostics } = parseSkillFile(text, PATH);
    expect(diagnostics).toEqual([]);
    expect(skill?.metadata).toEqual({ requires: { bins: ["gh"] } });
    expect(skill?.userInvocable).toBe(true);
    expect(skill?.disableModelInvocation).toBe(false);
  });

  it("falls back to the folder name when name is absent", () => {
    expect(parseSkillFile("---\ndescription: d\n---\n", PATH).skill?.name).toBe("weather-report");
  });

  it("skips a skill without a description", () => {
    const result = parseSkillFile("---\nname: x\n---\nbody", PATH);
    expect(result.skill).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({
      code: "SKILL_DESCRIPTION_MISSING",
      severity: "error",
      path: PATH,
    });
  });

  it("reports malformed YAML without throwing", () => {
    const result = parseSkillFile("---\nname: [unclosed\ndescription: d\n---\n", PATH);
    expect(result.skill).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.code).toBe("SKILL_YAML_INVALID");
    expect(result.diagnostics[0]?.message).toMatch(/not valid YAML \(.+ at line \d+\)/);
  });

  it("keeps a skill whose description is invalid YAML, with a warning per recovered field", () => {
    const result = parseSkillFile(
      "---\nname: review: code\ndescription: > Review code: find defects, then verify\n---\n",
      PATH,
    );
    expect(result.skill).toMatchObject({
      name: "review: code",
      description: "Review code: find defects, then verify",
    });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "SKILL_FIELD_RECOVERED",
        severity: "warning",
        path: PATH,
        message: expect.stringContaining(
          "`name` is not valid YAML (bad indentation of a mapping entry at line 2)",
        ),
      }),
      expect.objectContaining({
        code: "SKILL_FIELD_RECOVERED",
        message: expect.stringContaining("`description` is not valid YAML"),
      }),
      expect.objectContaining({ code: "SKILL_NAME_NONSTANDARD" }),
    ]);
  });

  it("still skips a skill whose metadata is broken, whatever else was recoverable", () => {
    const result = parseSkillFile(
      "---\nname: gh\ndescription: GitHub: issues and PRs\nmetadata: {openclaw: {requires: {bins: [gh}}}\n---\n",
      PATH,
    );
    expect(result.skill).toBeUndefined();
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["SKILL_YAML_INVALID"]);
  });

  it("reports the file line of a YAML error, counting the opening fence as line 1", () => {
    const result = parseSkillFile("---\nname: a\nname: b\ndescription: d\n---\n", PATH);
    expect(result.diagnostics[0]?.message).toContain("(duplicated mapping key at line 3)");
    const crlf = parseSkillFile(
      "\uFEFF---\r\ndescription: d\r\nmetadata: x\r\n  bad: y\r\n---\r\n",
      PATH,
    );
    expect(crlf.diagnostics[0]?.message).toContain("at line 4)");
  });

  it("reports a YAML error that has no position (a second document) without a line", () => {
    expect(parseSkillFile("---\nfoo: 1\n...\nbar: 2\n---\n", PATH).diagnostics).toEqual([
      {
        code: "SKILL_YAML_INVALID",
        severity: "error",
        message:
          "SKILL.md frontmatter is not valid YAML (expected a single document in the stream, but found more); the skill was skipped.",
        path: PATH,
        hint: "Fix the YAML between the `---` lines.",
      },
    ]);
  });

  it("skips a file with no frontmatter and an empty file", () => {
    expect(codes("# Just markdown\n")).toEqual(["SKILL_NO_FRONTMATTER"]);
    expect(codes("")).toEqual(["SKILL_NO_FRONTMATTER"]);
  });

  it("skips frontmatter that is not a mapping", () => {
    expect(codes("---\n- a\n- b\n---\n")).toEqual(["SKILL_FRONTMATTER_NOT_OBJECT"]);
  });

  it("skips names with control characters or line breaks", () => {
    expect(codes('---\nname: "evil\\nname"\ndescription: d\n---\n')).toEqual([
      "SKILL_NAME_INVALID",
    ]);
    expect(codes('---\nname: "bell\\u0007"\ndescription: d\n---\n')).toEqual([
      "SKILL_NAME_INVALID",
    ]);
    expect(codes('---\nname: "sep\\u2028x"\ndescription: d\n---\n')).toEqual([
      "SKILL_NAME_INVALID",
    ]);
    expect(codes("---\ndescription: d\n---\n", "/skills/new\nline/SKILL.md")).toEqual([
      "SKILL_NAME_INVALID",
    ]);
    expect(codes("---\nname: 42\ndescription: d\n---\n")).toEqual(["SKILL_NAME_INVALID"]);
  });

  it("warns on names and descriptions outside the Agent Skills rules but keeps the skill", () => {
    const long = "d".repeat(1025);
    const result = parseSkillFile(`---\nname: My Skill\ndescription: ${long}\n---\n`, PATH);
    expect(result.skill?.name).toBe("My Skill");
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity])).toEqual([
      ["SKILL_NAME_NONSTANDARD", "warning"],
      ["SKILL_DESCRIPTION_LONG", "warning"],
    ]);
    expect(codes(`---\nname: ${"a".repeat(65)}\ndescription: d\n---\n`)).toEqual([
      "SKILL_NAME_NONSTANDARD",
    ]);
    expect(codes(`---\nname: ${"a".repeat(64)}\ndescription: d\n---\n`)).toEqual([]);
  });

  it("ignores fields of the wrong type with a warning", () => {
    const text = [
      "---",
      "description: d",
      "user-invocable: yes please",
      "homepage: 12",
      "metadata:",
      "  openclaw:",
      "    always: 1",
      "    os: {a: 1}",
      "    skillKey: [x]",
      "    requires:",
      "      bins: [1, 2]",
      "      env: HOME",
      "---",
    ].join("\n");
    const result = parseSkillFile(text, PATH);
    expect(result.skill?.userInvocable).toBe(true);
    expect(result.skill?.homepage).toBeUndefined();
    expect(result.skill?.metadata).toEqual({ requires: { env: ["HOME"] } });
    expect(result.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      "SKILL.md `user-invocable` must be true or false, got a string; it was ignored.",
      "SKILL.md `homepage` must be a URL string, got a number; it was ignored.",
      "SKILL.md `metadata.openclaw.always` must be true or false, got a number; it was ignored.",
      "SKILL.md `metadata.openclaw.os` must be a string or a list of strings, got a mapping; it was ignored.",
      "SKILL.md `metadata.openclaw.skillKey` must be a non-empty string, got a list; it was ignored.",
      "SKILL.md `metadata.openclaw.requires.bins` must be a string or a list of strings, got a list; it was ignored.",
    ]);
  });

  it("warns on metadata that is neither a mapping nor JSON", () => {
    expect(
      parseSkillFile("---\ndescription: d\nmetadata: '{not json'\n---\n", PATH).diagnostics,
    ).toEqual([
      {
        code: "SKILL_FIELD_INVALID",
        severity: "warning",
        message:
          "SKILL.md `metadata` must be a mapping or a JSON object string, got a string that is not JSON; it was ignored.",
        path: PATH,
        hint: "Set `metadata` to a mapping or a JSON object string or remove it.",
      },
    ]);
    expect(codes("---\ndescription: d\nmetadata: {openclaw: 3}\n---\n")).toEqual([
      "SKILL_FIELD_INVALID",
    ]);
  });

  it("skips a skill whose metadata JSON string is over the total bound, at one char past it", () => {
    const atLimit = "x".repeat(MAX_METADATA_TOTAL_CHARS);
    expect(parseSkillFile(`---\ndescription: d\nmetadata: ${atLimit}\n---\n`, PATH)).toEqual({
      skill: {
        name: "weather-report",
        description: "d",
        userInvocable: true,
        disableModelInvocation: false,
        metadata: {},
      },
      diagnostics: [
        {
          code: "SKILL_FIELD_INVALID",
          severity: "warning",
          message:
            "SKILL.md `metadata` must be a mapping or a JSON object string, got a string that is not JSON; it was ignored.",
          path: PATH,
          hint: "Set `metadata` to a mapping or a JSON object string or remove it.",
        },
      ],
    });
    expect(parseSkillFile(`---\ndescription: d\nmetadata: ${atLimit}x\n---\n`, PATH)).toEqual({
      diagnostics: [
        {
          code: "SKILL_METADATA_TOO_LARGE",
          severity: "error",
          message:
            "SKILL.md `metadata` is too large (lists of at most 64 items, strings of at most 256 characters, 4096 characters of metadata in all, YAML aliases counted each time); the skill was skipped.",
          path: PATH,
          hint: "Shorten the metadata lists; YAML anchors and aliases do not make them cheaper.",
        },
      ],
    });
  });

  it("warns on metadata that is a list, a number or JSON null, naming what it got", () => {
    const messages = (metadata: string): string[] =>
      parseSkillFile(`---\ndescription: d\nmetadata: ${metadata}\n---\n`, PATH).diagnostics.map(
        (diagnostic) => diagnostic.message,
      );
    const invalid = (got: string): string =>
      `SKILL.md \`metadata\` must be a mapping or a JSON object string, got ${got}; it was ignored.`;
    expect(messages("[openclaw]")).toEqual([invalid("a list")]);
    expect(messages("3")).toEqual([invalid("a number")]);
    expect(messages("'null'")).toEqual([invalid("null")]);
    expect(messages("'[1]'")).toEqual([invalid("a list")]);
    expect(messages("'\"text\"'")).toEqual([invalid("a string")]);
    expect(messages("true")).toEqual([invalid("a boolean")]);
  });

  it("warns on requires that is not a mapping, and ignores a null one", () => {
    const result = (requires: string): ReturnType<typeof parseSkillFile> =>
      parseSkillFile(
        `---\ndescription: d\nmetadata:\n  openclaw:\n    os: [linux]\n    requires: ${requires}\n---\n`,
        PATH,
      );
    expect(result("3")).toEqual({
      skill: {
        name: "weather-report",
        description: "d",
        userInvocable: true,
        disableModelInvocation: false,
        metadata: { os: ["linux"] },
      },
      diagnostics: [
        {
          code: "SKILL_FIELD_INVALID",
          severity: "warning",
          message:
            "SKILL.md `metadata.openclaw.requires` must be a mapping, got a number; it was ignored.",
          path: PATH,
          hint: "Set `metadata.openclaw.requires` to a mapping or remove it.",
        },
      ],
    });
    expect(result("[gh]").diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      "SKILL.md `metadata.openclaw.requires` must be a mapping, got a list; it was ignored.",
    ]);
    expect(result("null")).toEqual({
      skill: {
        name: "weather-report",
        description: "d",
        userInvocable: true,
        disableModelInvocation: false,
        metadata: { os: ["linux"] },
      },
      diagnostics: [],
    });
  });

  it("quotes names of up to 80 characters whole in messages, and longer ones cut to 77 and ...", () => {
    const at80 = "n".repeat(80);
    const over = `${"m".repeat(77)}xyz!`;
    expect(parseSkillFile(`---\nname: ${at80}\ndescription: d\n---\n`, PATH).diagnostics).toEqual([
      {
        code: "SKILL_NAME_NONSTANDARD",
        severity: "warning",
        message: `Skill name "${at80}" breaks the Agent Skills naming rule (at most 64 characters of a-z, 0-9 and "-").`,
        path: PATH,
        hint: "Rename the skill, e.g. `my-skill`.",
      },
    ]);
    expect(parseSkillFile(`---\nname: ${over}\n---\n`, PATH).diagnostics).toEqual([
      {
        code: "SKILL_NAME_NONSTANDARD",
        severity: "warning",
        message: `Skill name "${"m".repeat(77)}..." breaks the Agent Skills naming rule (at most 64 characters of a-z, 0-9 and "-").`,
        path: PATH,
        hint: "Rename the skill, e.g. `my-skill`.",
      },
      {
        code: "SKILL_DESCRIPTION_MISSING",
        severity: "error",
        message: `Skill "${"m".repeat(77)}..." has no description; the skill was skipped.`,
        path: PATH,
        hint: "Add `description:` with one sentence on when to use the skill.",
      },
    ]);
  });

  it("says what made each skip and how to fix it", () => {
    const only = (text: string): unknown => parseSkillFile(text, PATH);
    const skipped = (code: string, message: string, hint: string): unknown => ({
      diagnostics: [{ code, severity: "error", message, path: PATH, hint }],
    });
    expect(only("---\nname: x\ndescription: d\n---\n\u0000")).toEqual(
      skipped(
        "SKILL_BINARY",
        "SKILL.md contains NUL bytes; it looks like a binary file, so the skill was skipped.",
        "Save SKILL.md as UTF-8 text.",
      ),
    );
    expect(only("---\n- a\n---\n")).toEqual(
      skipped(
        "SKILL_FRONTMATTER_NOT_OBJECT",
        "SKILL.md frontmatter is not a mapping of keys to values; the skill was skipped.",
        "Write the frontmatter as `key: value` lines.",
      ),
    );
    expect(only("---\nname: [a]\ndescription: d\n---\n")).toEqual(
      skipped(
        "SKILL_NAME_INVALID",
        "SKILL.md `name` must be a string, got a list; the skill was skipped.",
        "Quote the name or remove it to use the folder name.",
      ),
    );
    expect(only("---\ndescription: d\nmetadata:\n  openclaw:\n    os: linux\n")).toMatchObject({
      skill: { metadata: { os: ["linux"] } },
    });
  });

  it("warns on a long description with its length and the limit", () => {
    const description = "d".repeat(1025);
    expect(parseSkillFile(`---\ndescription: ${description}\n---\n`, PATH).diagnostics).toEqual([
      {
        code: "SKILL_DESCRIPTION_LONG",
        severity: "warning",
        message:
          'Skill "weather-report" has a description of 1025 characters; the Agent Skills limit is 1024.',
        path: PATH,
        hint: "Shorten the description; details belong in the SKILL.md body.",
      },
    ]);
    expect(
      parseSkillFile(`---\ndescription: ${"d".repeat(1024)}\n---\n`, PATH).diagnostics,
    ).toEqual([]);
  });

  it("warns on an openclaw value that is not a mapping", () => {
    expect(
      parseSkillFile("---\ndescription: d\nmetadata: {openclaw: [1]}\n---\n", PATH).diagnostics,
    ).toEqual([
      {
        code: "SKILL_FIELD_INVALID",
        severity: "warning",
        message: "SKILL.md `metadata.openclaw` must be a mapping, got a list; it was ignored.",
        path: PATH,
        hint: "Set `metadata.openclaw` to a mapping or remove it.",
      },
    ]);
  });

  it("takes null optional fields as unset, without a warning", () => {
    const text = [
      "---",
      "description: d",
      "homepage:",
      "user-invocable: ~",
      "metadata:",
      "  openclaw:",
      "    always: null",
      "    os: null",
      "    primaryEnv: null",
      "    skillKey: ~",
      "    requires: {bins: null, env: ~}",
      "---",
    ].join("\n");
    expect(parseSkillFile(text, PATH)).toEqual({
      skill: {
        name: "weather-report",
        description: "d",
        userInvocable: true,
        disableModelInvocation: false,
        metadata: {},
      },
      diagnostics: [],
    });
  });

  it("trims a metadata string read as a one-item list, and drops a blank one", () => {
    const metadata = (os: string): unknown =>
      parseSkillFile(
        `---\ndescription: d\nmetadata:\n  openclaw:\n    os: ${os}\n    primaryEnv: " KEY "\n---\n`,
        PATH,
      ).skill?.metadata;
    expect(metadata('" linux "')).toEqual({ os: ["linux"], primaryEnv: "KEY" });
    expect(metadata('"  "')).toEqual({ primaryEnv: "KEY" });
    expect(metadata('[" linux ", "  ", darwin]')).toEqual({
      os: ["linux", "darwin"],
      primaryEnv: "KEY",
    });
  });

  it("skips a skill with a metadata list over 64 items or a string over 256 chars, naming the first field", () => {
    const withMetadata = (lines: string[]): ReturnType<typeof parseSkillFile> =>
      parseSkillFile(
        ["---", "description: d", "metadata:", "  openclaw:", ...lines, "---", ""].join("\n"),
        PATH,
      );
    const tooLarge = (field: string): unknown => ({
      diagnostics: [
        {
          code: "SKILL_METADATA_TOO_LARGE",
          severity: "error",
          message: `SKILL.md \`${field}\` is too large (lists of at most 64 items, strings of at most 256 characters, 4096 characters of metadata in all, YAML aliases counted each time); the skill was skipped.`,
          path: PATH,
          hint: "Shorten the metadata lists; YAML anchors and aliases do not make them cheaper.",
        },
      ],
    });
    const items = (count: number): string =>
      `[${Array.from({ length: count }, (_, index) => `o${index}`).join(", ")}]`;
    expect(withMetadata([`    os: ${items(64)}`]).skill?.metadata.os).toHaveLength(64);
    expect(withMetadata([`    os: ${items(65)}`])).toEqual(tooLarge("metadata.openclaw.os"));
    expect(withMetadata([`    primaryEnv: ${"k".repeat(256)}`]).skill?.metadata.primaryEnv).toBe(
      "k".repeat(256),
    );
    expect(withMetadata([`    primaryEnv: ${"k".repeat(257)}`])).toEqual(
      tooLarge("metadata.openclaw.primaryEnv"),
    );
    expect(
      withMetadata([
        `    os: ${"o".repeat(257)}`,
        `    primaryEnv: ${"k".repeat(257)}`,
        `    requires: {bins: ${items(65)}}`,
      ]),
    ).toEqual(tooLarge("metadata.openclaw.os"));
  });

  it("trims name, description and homepage, and treats blank or null ones as unset", () => {
    const parse = (lines: string[]): ReturnType<typeof parseSkillFile> =>
      parseSkillFile(["---", ...lines, "---", ""].join("\n"), PATH);
    const padded = parse(['name: " pad "', 'description: " d "', 'homepage: " https://x.test "']);
    expect(padded.skill).toMatchObject({
      name: "pad",
      description: "d",
      homepage: "https://x.test",
    });
    for (const name of ["name: ~", 'name: ""']) {
      expect(parse([name, "description: d"]).skill?.name).toBe("weather-report");
    }
    expect(parse(['name: "  "', "description: d"]).diagnostics.map((d) => d.code)).toEqual([
      "SKILL_NAME_INVALID",
    ]);
    expect(parse(['description: "  "']).diagnostics.map((d) => d.code)).toEqual([
      "SKILL_DESCRIPTION_MISSING",
    ]);
    const blankHome = parse(["description: d", 'homepage: "  "']);
    expect(blankHome.skill !== undefined && "homepage" in blankHome.skill).toBe(false);
    expect(blankHome.diagnostics.map((d) => d.message)).toEqual([
      "SKILL.md `homepage` must be a URL string, got a string; it was ignored.",
    ]);
    const noHome = parse(["description: d"]).skill;
    expect(noHome !== undefined && "homepage" in noHome).toBe(false);
    for (const metadata of ["metadata: ~", "metadata: {openclaw: ~}"]) {
      expect(parse(["description: d", metadata])).toMatchObject({
        skill: { metadata: {} },
        diagnostics: [],
      });
    }
  });

  it("allows 4096 characters of metadata in all, and skips at 4097", () => {
    const withMetadata = (lines: string[]): ReturnType<typeof parseSkillFile> =>
      parseSkillFile(
        ["---", "description: d", "metadata:", "  openclaw:", ...lines, "---", ""].join("\n"),
        PATH,
      );
    const os = `    os: [${Array.from({ length: 16 }, (_, i) => `${i}`.padEnd(256, "o")).join(", ")}]`;
    expect(withMetadata([os]).skill?.metadata.os).toHaveLength(16);
    expect(withMetadata([os, "    primaryEnv: K"]).diagnostics).toMatchObject([
      {
        code: "SKILL_METADATA_TOO_LARGE",
        message: expect.stringContaining("`metadata.openclaw.primaryEnv`") as string,
      },
    ]);
  });

  it("sets only the metadata keys the file gives, and warns on blank keys and mixed lists", () => {
    const parse = (openclaw: string): ReturnType<typeof parseSkillFile> =>
      parseSkillFile(`---\ndescription: d\nmetadata: {openclaw: ${openclaw}}\n---\n`, PATH);
    expect(Object.keys(parse("{always: true}").skill?.metadata ?? {})).toEqual(["always"]);
    expect(Object.keys(parse("{requires: {}}").skill?.metadata ?? {})).toEqual([]);
    const requires = parse("{requires: {env: [HOME]}}").skill?.metadata.requires;
    expect(Object.keys(requires ?? {})).toEqual(["env"]);
    expect(parse('{skillKey: "  ", primaryEnv: ""}').diagnostics.map((d) => d.message)).toEqual([
      "SKILL.md `metadata.openclaw.primaryEnv` must be a non-empty string, got a string; it was ignored.",
      "SKILL.md `metadata.openclaw.skillKey` must be a non-empty string, got a string; it was ignored.",
    ]);
    const mixed = parse("{os: [linux, 1]}");
    expect(mixed.skill?.metadata).toEqual({});
    expect(mixed.diagnostics.map((d) => d.message)).toEqual([
      "SKILL.md `metadata.openclaw.os` must be a string or a list of strings, got a list; it was ignored.",
    ]);
  });

  it("skips binary content", () => {
    expect(codes("---\nname: x\ndescription: d\n---\n\u0000\u0001")).toEqual(["SKILL_BINARY"]);
  });

  it("never evaluates JavaScript frontmatter", () => {
    const marker = "__promptstack_skills_eval__";
    const text = `---js\n{ name: (globalThis.${marker} = true, "x"), description: "d" }\n---\n`;
    expect(codes(text)).toEqual(["SKILL_NO_FRONTMATTER"]);
    expect(codes(`---\n${text.slice(3)}`)).toContain("SKILL_YAML_INVALID");
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
  });

  it("survives self-referencing YAML aliases", () => {
    const result = parseSkillFile("---\ndescription: d\nmetadata: &m\n  openclaw: *m\n---\n", PATH);
    expect(result.skill?.description).toBe("d");
  });

  it("never exposes the YAML parser's objects", () => {
    const text =
      "---\ndescription: d\nmetadata:\n  openclaw:\n    requires:\n      bins: [gh]\n---\n";
    const first = parseSkillFile(text, PATH).skill;
    (first!.metadata.requires!.bins as string[]).push("mutated");
    (first as { description: string }).description = "changed";
    const second = parseSkillFile(text, PATH).skill;
    expect(second?.metadata.requires?.bins).toEqual(["gh"]);
    expect(second?.description).toBe("d");
  });

  it("strips a byte order mark", () => {
    expect(parseSkillFile("\uFEFF---\ndescription: d\n---\n", PATH).skill?.description).toBe("d");
  });

  it("never throws, whatever the text", () => {
    const frontmatterish = fc
      .array(
        fc.oneof(
          fc.string(),
          fc.constantFrom("---", "name:", "description:", ": [", "&a", "*a", "\n"),
        ),
        {
          maxLength: 12,
        },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          frontmatterish.map((body) => `---\n${body}\n---\n`),
        ),
        (text) => {
          const result = parseSkillFile(text, PATH);
          expect(
            result.skill !== undefined || result.diagnostics.some((d) => d.severity === "error"),
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
