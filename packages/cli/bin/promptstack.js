#!/usr/bin/env node
// Entry of the built package: the bundled command (scripts/bundle-bin.mjs), which loads each
// command's code only when that command runs. `pnpm promptstack` in the repository runs
// src/bin.ts from source instead.
import "../dist/bundle/promptstack.mjs";
