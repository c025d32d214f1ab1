#!/usr/bin/env node
// Entry of the built package: the bundled command (scripts/bundle-bin.mjs), which loads each
// command's code only when that command runs. `pnpm promptstack` in the repository runs a bundle
// of the workspace sources (scripts/promptstack.mjs) instead.
import "../dist/bundle/promptstack.mjs";
