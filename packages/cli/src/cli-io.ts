/** Where the CLI writes and what it knows about its surroundings. Injected so tests run in-process. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Whether stdout is an interactive terminal (decides boundary rule, colours, summary line). */
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Directory that relative command-line paths resolve against. */
  readonly cwd: string;
}
