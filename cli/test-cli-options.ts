// Test helper: the options commander gives a run without flags, for tests that set a few flags on
// top (left out of the build, like the other test fixtures).
import type { CliOptions } from './program.js';

export const NO_FLAGS = {
  timeout: 5000,
  strict: false,
  list: false,
  rules: false,
  verbose: false,
  seed: 1,
  color: false,
  fuzz: false,
  fuzzBudget: 3,
} satisfies CliOptions;
