import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The raw `facts.json` of the Telegram direct-turn fixture, parsed but not validated. */
export function readTelegramFactsJson(): Record<string, unknown> {
  const path = fileURLToPath(
    new URL("../../../fixtures/config/telegram-direct-turn-facts/facts.json", import.meta.url),
  );
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}
