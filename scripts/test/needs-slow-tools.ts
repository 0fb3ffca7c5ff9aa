import { chromium, declarations, requiring, schemathesis } from './prerequisites.js';

/** globalSetup of the slow project: packed tarballs, Chromium, Schemathesis. */
export default requiring(declarations, chromium, schemathesis);
