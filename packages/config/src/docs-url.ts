/**
 * Where the repository's docs live online. Error hints and package READMEs link here, because an
 * installed package has no `docs/` folder. Derived from the `repository` field of every package's
 * `package.json`; a test keeps the two in step.
 */
export const DOCS_URL = "https://example.invalid/promptstack/blob/main/docs";

/** The online address of one docs page, e.g. `docsUrl("run-facts.md")`. */
export function docsUrl(page: string): string {
  return `${DOCS_URL}/${page}`;
}
