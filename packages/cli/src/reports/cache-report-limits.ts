/** Most turns `cache-report` simulates (`--turns`, and the files used from `--facts-dir`). */
export const CACHE_REPORT_MAX_TURNS = 500;
