import { expect } from 'vitest';
import { checkPrerequisites } from './prerequisites.js';

// Runs in the file's worker before the file: a missing prerequisite fails that file alone, at once.
checkPrerequisites(expect.getState().testPath ?? '');
