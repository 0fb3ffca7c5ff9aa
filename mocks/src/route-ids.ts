import type { Contract } from '@pipeline-api/contract';

/** Every route id of the contract as a string union: `'pipelines.create' | 'pipelines.blocks.list' | ...`. */
export type RouteId<T = Contract, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends { method: string; path: string } ? `${P}${K}` : RouteId<T[K], `${P}${K}.`>;
}[keyof T & string];
