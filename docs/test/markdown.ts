/** Code blocks of a markdown file, with their fence's info string (`sh`, `sh setup`, `ts`, `ts browser`). */
export interface CodeBlock {
  lang: string;
  flags: string[];
  code: string;
}

export function codeBlocks(markdown: string): CodeBlock[] {
  return [...markdown.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1]!,
    flags: m[2]!.trim().split(/\s+/).filter(Boolean),
    code: m[3]!,
  }));
}

export const normalize = (text: string) => text.replace(/["'\s]/g, '');

/** What a ts block promises to print: `console.log(x); // "Owner"` promises `Owner`; `(...)` after it explains. */
export function promisedByTs(code: string): string[] {
  return [...code.matchAll(/console\.log\(.*\);\s*\/\/\s*((?:["[{\d]|true|false).*?)(?:\s\(.*\))?$/gm)].map((m) => normalize(m[1]!));
}

/** What an sh block promises: each `# => text` line. */
export function promisedBySh(code: string): string[] {
  return [...code.matchAll(/^# => (.+)$/gm)].map((m) => normalize(m[1]!));
}
