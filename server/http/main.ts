import { main } from '../cli/main.js';

/** The reference server from a clone (`tsx server/http/main.ts`): the command's own entry, with its options. */
await main(process.argv.slice(2), process.env);
