/** A token held by the client: the raw JWT when known, and the decoded token the headers carry. */
export interface HeldToken {
  raw: string | undefined;
  decoded: string;
}

/** Accepts a raw token (JWT: its `token` claim is the decoded token) or a decoded one. */
export function holdToken(token: string): HeldToken {
  const parts = token.split('.');
  if (parts.length === 3) {
    const claims = decodeJwtPayload(parts[1]!);
    if (claims && typeof claims.token === 'string') return { raw: token, decoded: claims.token };
  }
  return { raw: undefined, decoded: token };
}

function decodeJwtPayload(segment: string): Record<string, unknown> | undefined {
  try {
    const base64 = segment
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(segment.length / 4) * 4, '=');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? { ...payload } : undefined;
  } catch {
    return undefined;
  }
}
