/**
 * Lists the names each workspace package's `src/index.ts` exports (values and types), so a test
 * can snapshot the public API and every change to it shows as a diff.
 */
import ts from "typescript";

/** One exported name and whether it is a type-only export. */
export interface PackageExport {
  readonly name: string;
  readonly kind: "value" | "type";
}

/** The exports of one index module's text, sorted by name. Re-exports only (house style). */
export function listPackageExports(indexText: string): PackageExport[] {
  const file = ts.createSourceFile("index.ts", indexText, ts.ScriptTarget.Latest, true);
  const exports: PackageExport[] = [];
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const clause = statement.exportClause;
    if (clause === undefined || !ts.isNamedExports(clause)) {
      throw new Error(`index.ts must not use \`export *\`: ${statement.getText(file)}`);
    }
    for (const element of clause.elements) {
      exports.push({
        name: element.name.text,
        kind: statement.isTypeOnly || element.isTypeOnly ? "type" : "value",
      });
    }
  }
  return exports.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The snapshot text: one `value name` / `type name` line per export. */
export function formatPackageExports(exports: readonly PackageExport[]): string {
  return exports.map((entry) => `${entry.kind} ${entry.name}\n`).join("");
}
