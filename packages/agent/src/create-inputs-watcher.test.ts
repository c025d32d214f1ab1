import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { parseConfig } from "@promptstack/config";
import { watchContainedInputs } from "@promptstack/safe-read";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createInputsWatcher, listWatchInputs } from "./create-inputs-watcher.js";

vi.mock("@promptstack/safe-read", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@promptstack/safe-read")>();
  return {
    ...actual,
    watchContainedInputs: vi.fn<typeof actual.watchContainedInputs>(actual.watchContainedInputs),
  };
});
const watchSpy = vi.mocked(watchContainedInputs);

afterEach(() => {
  watchSpy.mockClear();
});

describe("createInputsWatcher", () => {
  it("watches a new set of inputs once, without debounce or holding the process open", async () => {
    const dir = createTempDir("promptstack-inputs-watcher-");
    const onChange = (): void => undefined;
    const watcher = createInputsWatcher({ enabled: true, onChange });
    const inputs = { folders: [dir], files: [] };
    await watcher.watch(inputs);
    await watcher.watch({ folders: [dir], files: [] });
    expect(watchSpy.mock.calls).toEqual([
      [expect.any(Function), onChange, { debounceMs: 0, persistent: false }],
    ]);
    expect(await watchSpy.mock.calls[0]![0]()).toBe(inputs);
    // Another set replaces the watch: the first watcher is closed.
    await watcher.watch({ folders: [dir], files: [join(dir, "config.json5")] });
    expect(watchSpy).toHaveBeenCalledTimes(2);
    const [first, second] = (await Promise.all(
      watchSpy.mock.results.map((result) => result.value),
    )) as { folders(): readonly string[] }[];
    expect([first!.folders(), second!.folders()]).toEqual([[], [dir]]);
    await watcher.close();
    expect(second!.folders()).toEqual([]);
  });

  it("watches nothing when disabled", async () => {
    const watcher = createInputsWatcher({ enabled: false, onChange: () => undefined });
    await watcher.watch({ folders: [createTempDir("promptstack-inputs-watcher-")], files: [] });
    expect(watchSpy).not.toHaveBeenCalled();
    await watcher.close();
  });
});

describe("listWatchInputs", () => {
  const config = (file?: string) => ({
    parsed: parseConfig({}),
    dir: "/etc/agent",
    ...(file === undefined ? {} : { file }),
    stamp: undefined,
    generation: 1,
  });

  it("lists the workspace, the execution folder, the skill roots, the config and sections files", () => {
    expect(
      listWatchInputs(
        "/w",
        "/exec",
        [{ dir: "/skills/a" }, { dir: "/skills/b" }],
        config("/etc/agent/config.json5"),
        "sections.md",
      ),
    ).toEqual({
      folders: ["/w", "/exec", "/skills/a", "/skills/b"],
      files: ["/etc/agent/config.json5", "/etc/agent/sections.md"],
    });
  });

  it("leaves out what the turn did not have", () => {
    expect(listWatchInputs("/w", undefined, [], config(), undefined)).toEqual({
      folders: ["/w"],
      files: [],
    });
  });
});
