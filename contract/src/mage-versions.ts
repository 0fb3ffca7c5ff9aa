/**
 * The Mage AI releases this contract was checked against (`npm run test:real-mage`, docs/compatibility.md): the
 * OpenAPI document states them as `info.x-mage-versions`, and the breaking-change gate notes when they change.
 */
export const MAGE_VERSIONS = ['0.9.80'] as const;

/** The Mage release `npm run test:real-mage` installs unless told another (`MAGE_VERSION`, or `--mage-version`). */
export const DEFAULT_MAGE_VERSION: (typeof MAGE_VERSIONS)[number] = '0.9.80';
