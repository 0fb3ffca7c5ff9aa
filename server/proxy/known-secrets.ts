/** Credentials shorter than this are not remembered: blanking them would blank ordinary text. */
export const MIN_SECRET_LENGTH = 8;

/**
 * The credentials a recorder has seen, to blank wherever they show up again (as sent and percent-encoded), the
 * oldest forgotten past `capacity`. Finding them costs one pass over the text whatever their number: each is
 * indexed by its first MIN_SECRET_LENGTH characters, and only a window of the text that starts one is compared.
 * Searching the text once per credential made a 150 KiB answer cost a second with a thousand of them.
 */
export class KnownSecrets {
  /** Each credential and its percent-encoded form, oldest first. */
  private readonly secrets = new Map<string, string[]>();
  private readonly byPrefix = new Map<string, Set<string>>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.secrets.size;
  }

  add(secret: string): void {
    if (secret.length < MIN_SECRET_LENGTH) return;
    const known = this.secrets.get(secret);
    if (known) {
      // Seen again: the newest, so a credential in use outlives ones seen once.
      this.secrets.delete(secret);
      this.secrets.set(secret, known);
      return;
    }
    if (this.secrets.size >= this.capacity) this.forget(this.secrets.keys().next().value!);
    const forms = [...new Set([secret, encodeURIComponent(secret)])];
    this.secrets.set(secret, forms);
    for (const form of forms) {
      const prefix = form.slice(0, MIN_SECRET_LENGTH);
      const entries = this.byPrefix.get(prefix) ?? new Set<string>();
      entries.add(form);
      this.byPrefix.set(prefix, entries);
    }
  }

  /** The text with every known credential replaced by `mask`. */
  blank(text: string, mask: string): string {
    if (text.length < MIN_SECRET_LENGTH || this.secrets.size === 0) return text;
    const found = new Set<string>();
    for (let i = 0; i + MIN_SECRET_LENGTH <= text.length; i++) {
      const candidates = this.byPrefix.get(text.slice(i, i + MIN_SECRET_LENGTH));
      if (candidates) for (const form of candidates) if (text.startsWith(form, i)) found.add(form);
    }
    let out = text;
    // Longest first: a credential that holds another is blanked whole.
    for (const form of [...found].sort((a, b) => b.length - a.length)) out = out.split(form).join(mask);
    return out;
  }

  private forget(secret: string) {
    for (const form of this.secrets.get(secret) ?? []) {
      const prefix = form.slice(0, MIN_SECRET_LENGTH);
      const entries = this.byPrefix.get(prefix);
      entries?.delete(form);
      if (entries?.size === 0) this.byPrefix.delete(prefix);
    }
    this.secrets.delete(secret);
  }
}
