import { FORBIDDEN_KEYS } from "./find-document-hazards.js";
import type { Diagnostic } from "@promptstack/core";
import { cloneJson, isEmptyObject, isPlainObject, setOwn } from "./plain-object.js";
import type { PlainObject } from "./plain-object.js";

/** Result of `normalizeLegacyConfig`: the rewritten document and what was rewritten. */
export interface NormalizedLegacyConfig {
  readonly raw: unknown;
  readonly diagnostics: Diagnostic[];
}

/**
 * Rewrites legacy spellings to current ones. Pure (the input is never mutated) and idempotent.
 * Errors in legacy shapes come back as `error` diagnostics, which `parseConfig` turns into a
 * `CONFIG_INVALID` error.
 */
export function normalizeLegacyConfig(raw: unknown): NormalizedLegacyConfig {
  const diagnostics: Diagnostic[] = [];
  if (!isPlainObject(raw)) return { raw, diagnostics };
  const root = cloneJson(raw);
  normalizeAgentsList(root, diagnostics);
  normalizePromptOverlays(root, diagnostics);
  normalizePersonalityValue(root, diagnostics);
  normalizeToolsBash(root, diagnostics);
  normalizePlanTool(root, diagnostics);
  normalizeModelCatalogs(root, diagnostics);
  normalizeTopLevelMemory(root, diagnostics);
  reportNoEffectKeys(root, diagnostics);
  return { raw: root, diagnostics };
}

function child(parent: PlainObject, key: string): PlainObject | undefined {
  const value = parent[key];
  return isPlainObject(value) ? value : undefined;
}

function ensureChild(parent: PlainObject, key: string): PlainObject | undefined {
  const value = parent[key];
  if (value === undefined) {
    const created: PlainObject = {};
    setOwn(parent, key, created);
    return created;
  }
  return isPlainObject(value) ? value : undefined;
}

function deprecated(path: string, replacement: string): Diagnostic {
  return {
    code: "CONFIG_DEPRECATED_KEY",
    severity: "warning",
    message: `${path} is deprecated; it was read as ${replacement}`,
    path,
    hint: `Rename it to ${replacement}.`,
  };
}

function conflict(legacy: string, current: string): Diagnostic {
  return {
    code: "CONFIG_LEGACY_CONFLICT",
    severity: "warning",
    message: `${legacy} and ${current} are both set; ${current} wins`,
    path: legacy,
    hint: `Remove ${legacy}.`,
  };
}

function normalizeAgentsList(root: PlainObject, diagnostics: Diagnostic[]): void {
  const agents = child(root, "agents");
  if (agents === undefined || !("list" in agents)) return;
  const list = agents["list"];
  if (!Array.isArray(list)) {
    diagnostics.push({
      code: "CONFIG_LEGACY_INVALID",
      severity: "error",
      message: "agents.list: expected an array of agent objects with an `id`",
      path: "agents.list",
      hint: "Use agents.entries.<id> instead.",
    });
    return;
  }
  const invalid = list.flatMap((item, index) =>
    isPlainObject(item) && typeof item["id"] === "string" && item["id"] !== "" ? [] : [index],
  );
  if (invalid.length > 0) {
    for (const index of invalid) {
      diagnostics.push({
        code: "CONFIG_LEGACY_INVALID",
        severity: "error",
        message: `agents.list.${index}: expected an object with a non-empty string \`id\``,
        path: `agents.list.${index}`,
        hint: "Give every agent an id, or move it to agents.entries.<id>.",
      });
    }
    return;
  }
  const existing = child(agents, "entries");
  if (agents["entries"] !== undefined && existing === undefined) return;
  const entries = ensureChild(agents, "entries")!;
  const seen = new Set<string>();
  list.forEach((item: PlainObject, index) => {
    const { id, ...rest } = item;
    const agentId = id as string;
    if (FORBIDDEN_KEYS.has(agentId)) {
      diagnostics.push({
        code: "CONFIG_LEGACY_INVALID",
        severity: "error",
        message: `agents.list.${index}.id: agent id "${agentId}" is not allowed (it could alter object prototypes)`,
        path: `agents.list.${index}.id`,
        hint: "Rename the agent.",
      });
      return;
    }
    if (seen.has(agentId) || Object.hasOwn(entries, agentId)) {
      diagnostics.push({
        code: "CONFIG_LEGACY_CONFLICT",
        severity: "warning",
        message: `agents.list.${index} repeats agent id "${agentId}"; the earlier definition wins`,
        path: `agents.list.${index}`,
        hint: "Keep one definition per agent id.",
      });
      return;
    }
    seen.add(agentId);
    setOwn(entries, agentId, rest);
  });
  delete agents["list"];
  diagnostics.push(deprecated("agents.list", "agents.entries.<id>"));
}

function normalizePromptOverlays(root: PlainObject, diagnostics: Diagnostic[]): void {
  const defaults = child(child(root, "agents") ?? {}, "defaults");
  const overlays = defaults === undefined ? undefined : child(defaults, "promptOverlays");
  const gpt5 = overlays === undefined ? undefined : child(overlays, "gpt5");
  if (defaults === undefined || overlays === undefined || gpt5 === undefined) return;
  if (!("personality" in gpt5)) return;
  const legacyPath = "agents.defaults.promptOverlays.gpt5.personality";
  const currentPath = "plugins.entries.openai.config.personality";
  const value = gpt5["personality"];
  const plugins = ensureChild(root, "plugins");
  const entries = plugins === undefined ? undefined : ensureChild(plugins, "entries");
  const openai = entries === undefined ? undefined : ensureChild(entries, "openai");
  const config = openai === undefined ? undefined : ensureChild(openai, "config");
  if (config === undefined) return;
  if (config["personality"] !== undefined) {
    diagnostics.push(conflict(legacyPath, currentPath));
  } else {
    setOwn(config, "personality", value === "on" ? "friendly" : value);
    diagnostics.push(deprecated(legacyPath, currentPath));
  }
  delete gpt5["personality"];
  if (isEmptyObject(gpt5)) delete overlays["gpt5"];
  if (isEmptyObject(overlays)) delete defaults["promptOverlays"];
}

function normalizePersonalityValue(root: PlainObject, diagnostics: Diagnostic[]): void {
  const config = child(
    child(child(child(root, "plugins") ?? {}, "entries") ?? {}, "openai") ?? {},
    "config",
  );
  if (config?.["personality"] !== "on") return;
  setOwn(config, "personality", "friendly");
  diagnostics.push({
    code: "CONFIG_ALIAS_VALUE",
    severity: "info",
    message: 'plugins.entries.openai.config.personality "on" is an alias of "friendly"',
    path: "plugins.entries.openai.config.personality",
  });
}

function normalizeToolsBash(root: PlainObject, diagnostics: Diagnostic[]): void {
  const tools = child(root, "tools");
  if (tools === undefined || !("bash" in tools)) return;
  const bash = tools["bash"];
  if (bash === null) {
    delete tools["bash"];
    diagnostics.push(deprecated("tools.bash", "tools.exec"));
    return;
  }
  if (!isPlainObject(bash)) {
    diagnostics.push({
      code: "CONFIG_LEGACY_INVALID",
      severity: "error",
      message: "tools.bash: expected an object (legacy alias of tools.exec)",
      path: "tools.bash",
      hint: "Move the settings to tools.exec.",
    });
    return;
  }
  if (tools["exec"] === null) {
    // A merge-patch deleting exec while writing legacy keys: the legacy keys land on a fresh exec.
    setOwn(tools, "exec", {});
  }
  const exec = ensureChild(tools, "exec");
  if (exec === undefined) return;
  for (const key of Object.keys(bash)) {
    if (Object.hasOwn(exec, key)) {
      diagnostics.push(conflict(`tools.bash.${key}`, `tools.exec.${key}`));
    } else {
      setOwn(exec, key, bash[key]);
    }
  }
  delete tools["bash"];
  diagnostics.push(deprecated("tools.bash", "tools.exec"));
}

function normalizePlanTool(root: PlainObject, diagnostics: Diagnostic[]): void {
  const tools = child(root, "tools");
  const experimental = tools === undefined ? undefined : child(tools, "experimental");
  if (tools === undefined || experimental === undefined || !("planTool" in experimental)) return;
  if (tools["updatePlan"] !== undefined) {
    diagnostics.push(conflict("tools.experimental.planTool", "tools.updatePlan"));
  } else {
    setOwn(tools, "updatePlan", experimental["planTool"]);
    diagnostics.push(deprecated("tools.experimental.planTool", "tools.updatePlan"));
  }
  delete experimental["planTool"];
  if (isEmptyObject(experimental)) delete tools["experimental"];
}

/**
 * The reference product keys `models` by model id (`{ "openai/gpt-5.5": { alias: "deep" } }`);
 * promptstack keys it by alias (`{ deep: "openai/gpt-5.5" }`). Rewrites every object-valued
 * entry of `agents.defaults.models` and `agents.entries.<id>.models`; string entries are
 * already in the current shape and stay.
 */
function normalizeModelCatalogs(root: PlainObject, diagnostics: Diagnostic[]): void {
  const agents = child(root, "agents");
  if (agents === undefined) return;
  const scopes: [string, PlainObject][] = [];
  const defaults = child(agents, "defaults");
  if (defaults !== undefined) scopes.push(["agents.defaults", defaults]);
  const entries = child(agents, "entries");
  if (entries !== undefined) {
    for (const id of Object.keys(entries)) {
      const entry = child(entries, id);
      if (entry !== undefined) scopes.push([`agents.entries.${id}`, entry]);
    }
  }
  scopes: for (const [path, scope] of scopes) {
    const models = child(scope, "models");
    if (models === undefined) continue;
    const keys = Object.keys(models);
    if (!keys.some((key) => isPlainObject(models[key]))) continue;
    const aliases: PlainObject = {};
    // Current-shape entries keep their alias first, so they win over a catalog entry.
    for (const key of keys) if (typeof models[key] === "string") setOwn(aliases, key, models[key]);
    const dropped: string[] = [];
    for (const model of keys) {
      const value = models[model];
      if (typeof value === "string") continue;
      if (!isPlainObject(value)) {
        diagnostics.push({
          code: "CONFIG_LEGACY_INVALID",
          severity: "error",
          message: `${path}.models.${model}: expected an alias string, or an object with an \`alias\``,
          path: `${path}.models.${model}`,
          hint: `Write ${path}.models as { "<alias>": "<provider/model>" }.`,
        });
        continue scopes;
      }
      const alias = value["alias"];
      if (typeof alias !== "string" || alias.trim() === "") {
        dropped.push(model);
        continue;
      }
      if (Object.hasOwn(aliases, alias)) {
        diagnostics.push({
          code: "CONFIG_LEGACY_CONFLICT",
          severity: "warning",
          message: `${path}.models: alias "${alias}" is given to more than one model; ${String(aliases[alias])} keeps it`,
          path: `${path}.models.${model}.alias`,
          hint: "Give each alias to one model.",
        });
        continue;
      }
      setOwn(aliases, alias, model);
    }
    setOwn(scope, "models", aliases);
    if (isEmptyObject(aliases)) delete scope["models"];
    diagnostics.push({
      code: "CONFIG_REFERENCE_SHAPE",
      severity: "info",
      message: `${path}.models is keyed by model id (the reference product's shape); it was read as an alias map`,
      path: `${path}.models`,
      hint: `Promptstack's own shape is { "<alias>": "<provider/model>" }.`,
    });
    if (dropped.length > 0) {
      diagnostics.push({
        code: "CONFIG_REFERENCE_IGNORED",
        severity: "info",
        message: `${path}.models: ${dropped.join(", ")} ${dropped.length === 1 ? "has" : "have"} no alias; model allowlists and params do not affect the prompt and were dropped`,
        path: `${path}.models`,
      });
    }
  }
}

/** The reference product's top-level `memory.citations` → `agents.defaults.memory.citations`. */
function normalizeTopLevelMemory(root: PlainObject, diagnostics: Diagnostic[]): void {
  const memory = child(root, "memory");
  if (memory === undefined || !("citations" in memory)) return;
  const agents = ensureChild(root, "agents");
  const defaults = agents === undefined ? undefined : ensureChild(agents, "defaults");
  const target = defaults === undefined ? undefined : ensureChild(defaults, "memory");
  if (target === undefined) return;
  if (target["citations"] !== undefined) {
    diagnostics.push(conflict("memory.citations", "agents.defaults.memory.citations"));
  } else {
    setOwn(target, "citations", memory["citations"]);
    diagnostics.push({
      code: "CONFIG_REFERENCE_SHAPE",
      severity: "info",
      message:
        "memory.citations (the reference product's spelling) was read as agents.defaults.memory.citations",
      path: "memory.citations",
    });
  }
  delete memory["citations"];
  if (isEmptyObject(memory)) delete root["memory"];
}

function reportNoEffectKeys(root: PlainObject, diagnostics: Diagnostic[]): void {
  const defaults = child(child(root, "agents") ?? {}, "defaults");
  if (defaults === undefined) return;
  const noEffect = (path: string, why: string): void => {
    diagnostics.push({
      code: "CONFIG_DEPRECATED_KEY",
      severity: "warning",
      message: `${path} is deprecated and has no effect: ${why}`,
      path,
      hint: `Remove ${path}.`,
    });
  };
  if (defaults["timeFormat"] !== undefined) {
    noEffect("agents.defaults.timeFormat", "the time context shows the date and time zone only");
  }
  if (defaults["bootstrapPromptTruncationWarning"] !== undefined) {
    noEffect(
      "agents.defaults.bootstrapPromptTruncationWarning",
      "the truncation notice is built in and always shown",
    );
  }
  const heartbeat = child(defaults, "heartbeat");
  if (heartbeat?.["includeSystemPromptSection"] !== undefined) {
    noEffect(
      "agents.defaults.heartbeat.includeSystemPromptSection",
      "the system prompt has no heartbeat section",
    );
  }
}
