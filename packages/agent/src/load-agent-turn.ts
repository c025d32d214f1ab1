import type { RunFacts } from "@promptstack/config";
import type { AgentTurn, AgentTurnOptions, PromptAssemblerOptions } from "./agent-types.js";
import { createPromptAssembler } from "./create-prompt-assembler.js";

/** Options of `loadAgentTurn`: the assembler's, the turn's, and the facts. */
export interface LoadAgentTurnOptions extends PromptAssemblerOptions, AgentTurnOptions {
  readonly facts: RunFacts;
}

/** The one-shot form: creates an assembler, assembles one turn, closes it. */
export async function loadAgentTurn(options: LoadAgentTurnOptions): Promise<AgentTurn> {
  const { facts, countTokens, userText, now, ...assemblerOptions } = options;
  const assembler = await createPromptAssembler({ ...assemblerOptions, watch: false });
  try {
    return await assembler.turn(facts, {
      ...(options.promptMode === undefined ? {} : { promptMode: options.promptMode }),
      ...(countTokens === undefined ? {} : { countTokens }),
      ...(userText === undefined ? {} : { userText }),
      ...(now === undefined ? {} : { now }),
    });
  } finally {
    await assembler.close();
  }
}
