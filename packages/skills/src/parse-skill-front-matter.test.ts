import { describe, expect, it } from "vitest";
import { parseSkillFrontMatter } from "./parse-skill-front-matter.js";

const data = (source: string): unknown => {
  const frontMatter = parseSkillFrontMatter(source);
  return frontMatter.found ? frontMatter.data : "(no front matter)";
};

describe("parseSkillFrontMatter", () => {
  it("reads the YAML between the opening fence and the first line starting with ---", () => {
    expect(data("---\nname: a\ndescription: d\n---\n# Body\n---\nname: b\n")).toEqual({
      name: "a",
      description: "d",
    });
    // A closing line that only starts with `---` still closes the block.
    expect(data("---\nname: a\n----\nname: b\n")).toEqual({ name: "a" });
    expect(data("---\nname: a\n--- trailing\nname: b\n")).toEqual({ name: "a" });
  });

  it("needs an opening line of exactly --- (trailing blanks allowed)", () => {
    expect(data("--- \t\nname: a\n---\n")).toEqual({ name: "a" });
    expect(data("----\nname: a\n---\n")).toBe("(no front matter)");
    expect(data("---js\nname: a\n---\n")).toBe("(no front matter)");
    expect(data("---yaml\nname: a\n---\n")).toBe("(no front matter)");
    expect(data("---")).toBe("(no front matter)");
    expect(data("\n---\nname: a\n---\n")).toBe("(no front matter)");
    expect(data("\uFEFF---\nname: a\n---\n")).toBe("(no front matter)");
  });

  it("reads CRLF files", () => {
    expect(data("---\r\nname: a\r\ndescription: |\r\n  one\r\n  two\r\n---\r\nbody\r\n")).toEqual({
      name: "a",
      description: "one\ntwo\n",
    });
  });

  it("takes the rest of the file when the closing fence is missing", () => {
    expect(data("---\nname: a\ndescription: d\n")).toEqual({ name: "a", description: "d" });
    expect(() => parseSkillFrontMatter("---\nname: a\n\n# Heading\nSome: text: here\n")).toThrow(
      /bad indentation|mapping/,
    );
  });

  it("keeps the last character of a block without a closing fence or a final line break", () => {
    expect(parseSkillFrontMatter("---\nname: ab")).toEqual({
      found: true,
      data: { name: "ab" },
      recovered: [],
    });
    expect(parseSkillFrontMatter("--- \n---\nname: a\n")).toEqual({
      found: true,
      data: {},
      recovered: [],
    });
  });

  it("holds an empty mapping when the block is blank, comments only, or null", () => {
    expect(data("---\n---\n")).toEqual({});
    expect(data("---\n\n   \n---\nbody")).toEqual({});
    expect(data("---\n# just a comment\n  # another\n---\n")).toEqual({});
    expect(data("---\n~\n---\n")).toEqual({});
  });

  it("returns the whole result: not found, or found with nothing recovered", () => {
    expect(parseSkillFrontMatter("# Just markdown\n")).toEqual({ found: false });
    expect(parseSkillFrontMatter("---\n# only a comment\n---\n")).toEqual({
      found: true,
      data: {},
      recovered: [],
    });
    expect(parseSkillFrontMatter("---\nname: a\n---\n")).toEqual({
      found: true,
      data: { name: "a" },
      recovered: [],
    });
  });

  it("returns other YAML values as they are, for the caller to reject", () => {
    expect(data("---\n- a\n- b\n---\n")).toEqual(["a", "b"]);
    expect(data("---\nplain\n---\n")).toBe("plain");
  });

  it("throws on invalid YAML with the line counted from the opening fence", () => {
    expect(() => parseSkillFrontMatter("---\nname: a\nname: b\n---\n")).toThrow(
      expect.objectContaining({
        reason: "duplicated mapping key",
        mark: expect.objectContaining({ line: 2 }),
      }),
    );
  });

  it("never builds JavaScript values", () => {
    expect(() => parseSkillFrontMatter("---\nname: !!js/function 'function () {}'\n---\n")).toThrow(
      /unknown tag/,
    );
  });

  describe("free-form fields whose YAML is invalid", () => {
    const recover = (source: string) => {
      const frontMatter = parseSkillFrontMatter(source);
      if (!frontMatter.found) throw new Error("no front matter");
      return frontMatter;
    };

    it("reads an unquoted `: ` inside a description as text, and names the field and line", () => {
      const result = recover(
        "---\nname: review\ndescription: Review code: find defects, then verify\n---\n",
      );
      expect(result.data).toEqual({
        name: "review",
        description: "Review code: find defects, then verify",
      });
      expect(result.recovered).toEqual([
        { field: "description", reason: "bad indentation of a mapping entry", line: 3 },
      ]);
    });

    it("keeps the text after a folded or literal indicator on the same line", () => {
      expect(recover("---\ndescription: > Summarise the thread\n---\n").data).toEqual({
        description: "Summarise the thread",
      });
      expect(
        recover("---\ndescription: >- Summarise the thread\n  and list: owners\n---\n").data,
      ).toEqual({ description: "Summarise the thread and list: owners" });
      expect(recover("---\ndescription: | First: one\n  Second: two\n---\n").data).toEqual({
        description: "First: one\nSecond: two",
      });
    });

    it("folds continuation lines, keeping blank lines as line breaks", () => {
      expect(
        recover(
          "---\ndescription: Use this when\n  the user asks: what now\n\n  Or: later\nname: x\n---\n",
        ).data,
      ).toEqual({ description: "Use this when the user asks: what now\nOr: later", name: "x" });
    });

    it("drops quotes around a one-line value with inner quotes, and reads CRLF files", () => {
      expect(recover('---\r\ndescription: "Say "hi": now"\r\nname: a\r\n---\r\n').data).toEqual({
        description: 'Say "hi": now',
        name: "a",
      });
    });

    it("recovers name, homepage, license and compatibility too", () => {
      const result = recover(
        "---\nname: a: b\ndescription: d\nhomepage: see: https://x.test\nlicense: MIT: see LICENSE\ncompatibility: Needs: git\n---\n",
      );
      expect(result.data).toEqual({
        name: "a: b",
        description: "d",
        homepage: "see: https://x.test",
        license: "MIT: see LICENSE",
        compatibility: "Needs: git",
      });
      expect(result.recovered.map((field) => field.field)).toEqual([
        "name",
        "homepage",
        "license",
        "compatibility",
      ]);
    });

    it("reads each broken free-form value as a reader would, with the field's line", () => {
      const cases: [string, string, string, number][] = [
        ["description: Use it: now", "Use it: now", "bad indentation of a mapping entry", 2],
        ['description: "say "hi": now"', 'say "hi": now', "bad indentation of a mapping entry", 2],
        ["description: 'it's: here'", "it's: here", "bad indentation of a mapping entry", 2],
        [
          'description: "open: x',
          '"open: x',
          "unexpected end of the stream within a double quoted scalar",
          3,
        ],
        ['description: x: "', 'x: "', "bad indentation of a mapping entry", 2],
        ["description: '\"': x", "'\"': x", "bad indentation of a mapping entry", 2],
        [
          "description: > Review: code\n  more text\n\n  next para\n\n   \n",
          "Review: code more text\nnext para",
          "a line break is expected",
          2,
        ],
        [
          "description: | Keep: lines\n    line two\n      line three  \n",
          "Keep: lines\nline two\n  line three",
          "a line break is expected",
          2,
        ],
        [
          "description: Start: here\n    deeper\n  shallow\n",
          "Start: here deeper shallow",
          "bad indentation of a mapping entry",
          2,
        ],
        [
          "description:\n  Text: here\n more: x",
          "Text: here more: x",
          "bad indentation of a mapping entry",
          4,
        ],
        [
          "description: d\n...\nx",
          "d ... x",
          "expected a single document in the stream, but found more",
          2,
        ],
        ['description: "a": b\n\n  tail', '"a": b\ntail', "bad indentation of a mapping entry", 2],
      ];
      cases.push(
        ["description: a: ba", "a: ba", "bad indentation of a mapping entry", 2],
        ["description: |\n  a: b\n c", " a: b\nc", "bad indentation of a mapping entry", 4],
        ["description:\n\n  a: b\n c", "a: b c", "bad indentation of a mapping entry", 5],
        [
          "description: | Keep: x\n    a\n  \n    b",
          "Keep: x\na\n\nb",
          "a line break is expected",
          2,
        ],
        ['description: "', '"', "unexpected end of the stream within a double quoted scalar", 3],
        ['description: "x: y"\n  more', '"x: y" more', "bad indentation of a mapping entry", 3],
        ['description: > "x: y"', '"x: y"', "a line break is expected", 2],
        [
          "description:\r\n  Text: here\r\n more: x\r",
          "Text: here more: x",
          "bad indentation of a mapping entry",
          4,
        ],
      );
      for (const [block, description, reason, line] of cases) {
        expect([block, parseSkillFrontMatter(`---\n${block}\n---\n`)]).toEqual([
          block,
          {
            found: true,
            data: { description },
            recovered: [{ field: "description", reason, line }],
          },
        ]);
      }
    });

    it("keeps column-0 comments apart from the entries around them", () => {
      expect(
        parseSkillFrontMatter("---\n# top\ndescription: Use: it\n# note\nname: n\n---\n"),
      ).toEqual({
        found: true,
        data: { description: "Use: it", name: "n" },
        recovered: [
          { field: "description", reason: "bad indentation of a mapping entry", line: 3 },
        ],
      });
    });

    it("leaves valid fields and valid files alone", () => {
      expect(recover("---\ndescription: 'Quoted: fine'\n---\n")).toEqual({
        found: true,
        data: { description: "Quoted: fine" },
        recovered: [],
      });
    });

    it("stays strict for structured fields: the error that remains is thrown", () => {
      // metadata is broken as well as the description: nothing is guessed, and the error names
      // metadata's line, counted in the original file although the description spans two lines.
      expect(() =>
        parseSkillFrontMatter(
          "---\ndescription: Review: code\n  and more\nmetadata: {openclaw: {requires: [}\n---\n",
        ),
      ).toThrow(
        expect.objectContaining({
          reason: "missed comma between flow collection entries",
          mark: expect.objectContaining({ line: 3 }),
        }),
      );
      expect(() => parseSkillFrontMatter("---\ndescription: d\nmetadata: a: b\n---\n")).toThrow(
        /bad indentation/,
      );
      expect(() =>
        parseSkillFrontMatter("---\ndescription: d\nrequires: bins: [gh]\n---\n"),
      ).toThrow(/bad indentation/);
      expect(() =>
        parseSkillFrontMatter("---\ndescription: d\ndisable-model-invocation: true: yes\n---\n"),
      ).toThrow(/bad indentation/);
    });

    it("stays strict for a free-form value that opens YAML structure or repeats a key", () => {
      expect(() => parseSkillFrontMatter("---\nname: [unclosed\ndescription: d\n---\n")).toThrow(
        /missed comma/,
      );
      expect(() => parseSkillFrontMatter("---\ndescription: *alias: x\n---\n")).toThrow(
        /unidentified alias/,
      );
      expect(() =>
        parseSkillFrontMatter("---\ndescription: a: b\ndescription: c: d\n---\n"),
      ).toThrow(/bad indentation/);
    });
  });
});
