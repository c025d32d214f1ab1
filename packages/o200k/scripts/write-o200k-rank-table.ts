/**
 * Writes `o200k-rank-table.bin` into the package folder (beside `src/` and `dist/`, where the
 * counter looks for it), generated from gpt-tokenizer's o200k_base ranks (a dev dependency:
 * only the generated table ships). Run by the package's build and by the repository's
 * postinstall, so that tests and tools reading the sources count with it too.
 *   tsx packages/o200k/scripts/write-o200k-rank-table.ts
 */
import { renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { buildO200kRankTable } from "../src/build-o200k-rank-table.js";

const target = fileURLToPath(new URL("../o200k-rank-table.bin", import.meta.url));
// Written whole, then renamed: a reader never sees half a table.
const temporary = `${target}.${process.pid}.tmp`;
writeFileSync(temporary, buildO200kRankTable(o200kRanks));
renameSync(temporary, target);
