/**
 * A small JSON Schema (2020-12, as zod 4 emits it) to TypeScript printer: enough for the contract's
 * schemas. Open enums (`anyOf: [{enum}, {type: string}]`) print as `"a" | "b" | (string & {})`, so
 * responses tolerate values a newer server adds while editors still suggest the known ones.
 */
export type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  description?: string;
  deprecated?: boolean;
  [key: string]: unknown;
};

export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

const commentText = (text: string) => text.replace(/\*\//g, '*\\/').replace(/\n/g, ' ');

/**
 * A JSDoc comment: the description, and `@deprecated` (with its reason, when one is given) for what the contract marks
 * deprecated, so editors strike it through and linters flag its uses.
 */
export function doc(description: string | undefined, indent: string, deprecated?: boolean | string): string {
  if (deprecated) {
    const reason = typeof deprecated === 'string' ? ` ${commentText(deprecated)}` : '';
    const text = description ? `${indent} * ${commentText(description)}\n` : '';
    return `${indent}/**\n${text}${indent} * @deprecated${reason}\n${indent} */\n`;
  }
  if (!description) return '';
  return `${indent}/** ${commentText(description)} */\n`;
}

export function printType(schema: JsonSchema, indent = ''): string {
  if (schema.$ref) return refName(schema.$ref);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const hasEnum = variants.some((v) => Array.isArray(v.enum));
    const parts = variants.map((v) => (hasEnum && v.type === 'string' && !v.enum && v.const === undefined ? '(string & {})' : printType(v, indent)));
    return [...new Set(parts)].join(' | ');
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.map((t) => printType({ ...schema, type: t }, indent)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = schema.items ? printType(schema.items, indent) : 'unknown';
      return /^[\w.]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
    }
    case 'object':
      return printObject(schema, indent);
    default:
      return 'unknown';
  }
}

function printObject(schema: JsonSchema, indent: string): string {
  const props = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  const index = extra && typeof extra === 'object' ? `${indent}  [key: string]: ${printType(extra, `${indent}  `)};\n` : '';
  if (props.length === 0) return index ? `{\n${index}${indent}}` : '{}';
  const required = new Set(schema.required ?? []);
  const lines = props.map(
    ([name, prop]) =>
      `${doc(prop.description, `${indent}  `, prop.deprecated === true)}${indent}  ${key(name)}${required.has(name) ? '' : '?'}: ${printType(prop, `${indent}  `)};\n`,
  );
  return `{\n${lines.join('')}${index}${indent}}`;
}
