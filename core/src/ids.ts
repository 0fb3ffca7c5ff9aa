import { NUMERIC_ID } from '@pipeline-api/contract';

/** Integer ids only (the contract's NUMERIC_ID): anything else names no record. */
export const integerId = (id: string): number | undefined => (NUMERIC_ID.test(id) ? Number(id) : undefined);
