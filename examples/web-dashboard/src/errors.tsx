import type { PipelineError } from '@pipeline-api/sdk';

/** What a user reads for a typed error: the catalogue type tells a missing record from a refusal or a bad value. */
export function describe(error: PipelineError): string {
  switch (error.type) {
    case 'record_not_found':
      return 'Not found.';
    case 'record_invalid':
      return error.errors.map((e) => e.message).join(' ') || error.message;
    case 'unauthorized_access':
      return `Not allowed: ${error.message}`;
    default:
      return error.message;
  }
}

/** A typed error, or nothing, as an alert. */
export function Alert({ error }: { error: PipelineError | null }) {
  return error ? <p role="alert">{describe(error)}</p> : null;
}
