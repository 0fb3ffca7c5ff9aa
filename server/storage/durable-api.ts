import { type Api, ApiError } from '@pipeline-api/core';

/**
 * The API whose answers wait for the data file: every outcome is held until all transactions committed so
 * far are synced, so no answer (a write's, or a read that saw a write) reports state a crash could lose.
 * When syncing fails, the answer is an internal error instead.
 */
export function answerWhenDurable(api: Api, durable: () => Promise<void>): Api {
  const { core } = api;
  return {
    ...api,
    core: {
      ...core,
      async handle(routeId, request) {
        const outcome = await core.handle(routeId, request);
        try {
          await durable();
        } catch {
          return core.failure(new ApiError('internal_error'), request);
        }
        return outcome;
      },
    },
  };
}
