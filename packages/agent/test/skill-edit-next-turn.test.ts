import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestTurns } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";

const skill = (description: string) =>
  `---\nname: tide-table\ndescription: ${description}\n---\n\nLook up the tides.\n`;

describe("an edited SKILL.md without watch", () => {
  it("is seen on the next turn: each listed SKILL.md is stat'ed every turn", async () => {
    const root = await mkdtemp(join(tmpdir(), "promptstack-skill-edit-"));
    const file = join(root, "tide-table", "SKILL.md");
    await mkdir(join(root, "tide-table"));
    await writeFile(file, skill("Tide times for one harbour."));
    const turns = await createTestTurns({ skillRoots: [{ tier: "workspace", dir: root }] });
    try {
      const tools = [{ name: "read", description: "Read a file." }];
      const before = await turns.turn({ tools });
      expect(before.skills.text).toContain("Tide times for one harbour.");
      // Same length, so only the mtime tells the edit apart (set it ahead of any clock tick);
      // the folder's own stat does not change when a file in it is rewritten in place.
      await writeFile(file, skill("Tide times for two harbour."));
      const later = new Date(Date.now() + 60_000);
      await utimes(file, later, later);
      const after = await turns.turn({ tools });
      expect(after.reads.skillsScanned).toBe(true);
      expect(after.skills.text).toContain("Tide times for two harbour.");
      // Nothing changed since: no walk.
      expect((await turns.turn({ tools })).reads.skillsScanned).toBe(false);
    } finally {
      await turns.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
