import { BLOCK_TYPES } from '@pipeline-api/contract';
import { invalid } from '../errors.js';
import type { BlockRecord } from './blocks.js';

/**
 * Where Mage keeps a block's code: `<folder of its type>/<uuid>.<extension of its language>` in the project folder
 * (`BLOCK_TYPE_DIRECTORY_NAME`: the type's plural, but `custom`; `BLOCK_LANGUAGE_TO_FILE_EXTENSION`). The kit keeps
 * the code in the block's record; these are the paths the file routes read and write it by. No path names anything
 * but a block's file: there is no file system behind them.
 */

/** The project folder's name, the file tree's root (Mage's Docker default). */
export const PROJECT_FOLDER = 'default_repo';

const FOLDER_OF_TYPE: ReadonlyMap<string, string> = new Map(BLOCK_TYPES.map((type) => [type, type === 'custom' ? 'custom' : `${type}s`]));
const TYPE_OF_FOLDER: ReadonlyMap<string, string> = new Map([...FOLDER_OF_TYPE].map(([type, folder]) => [folder, type]));

const EXTENSION_OF_LANGUAGE: ReadonlyMap<string, string> = new Map([
  ['markdown', 'md'],
  ['python', 'py'],
  ['r', 'r'],
  ['sql', 'sql'],
  ['yaml', 'yaml'],
]);
const LANGUAGE_OF_EXTENSION: ReadonlyMap<string, string> = new Map([...EXTENSION_OF_LANGUAGE].map(([language, ext]) => [ext, language]));

export const blockFolder = (type: string): string => FOLDER_OF_TYPE.get(type) ?? `${type}s`;
export const blockExtension = (language: string): string => EXTENSION_OF_LANGUAGE.get(language) ?? 'py';

/** The block's file, relative to the project folder: `data_loaders/load_orders.py`. */
export const blockFilePath = (block: Pick<BlockRecord, 'type' | 'uuid' | 'language'>): string =>
  `${blockFolder(block.type)}/${block.uuid}.${blockExtension(block.language)}`;

/** What a file path names: a block's type, uuid and language (whether such a block exists is the caller's lookup). */
export interface BlockFileName {
  /** The path as answered: from the project folder's name, `default_repo/data_loaders/load_orders.py`. */
  path: string;
  name: string;
  type: string;
  uuid: string;
  language: string;
}

/** Control characters, backslashes and colons (drive letters, URLs) never appear in a block file's path. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const FORBIDDEN = /[\u0000-\u001f\u007f\\:]/;

/**
 * Reads a file path (the path param, decoded once) as the project's block file it names, or says why it names none.
 * It is relative to the project folder's parent (`default_repo/…`, as the file tree and Mage's UI name it) or to the
 * project folder (`data_loaders/…`). Absolute names, `..`, `.`, empty segments, backslashes and control characters are
 * refused as outside the project (Mage's 400); a path inside it that is no block's file is `undefined` (a 404).
 */
export function parseBlockFilePath(raw: string): BlockFileName | undefined {
  const outside = () => invalid('path', `File at path: ${JSON.stringify(raw.slice(0, 200))} is not in the project directory.`);
  if (raw.length === 0 || raw.startsWith('/') || raw.startsWith('~') || FORBIDDEN.test(raw)) throw outside();
  const segments = raw.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw outside();
  if (segments[0] === PROJECT_FOLDER) segments.shift();
  const [folder, ...rest] = segments;
  const type = folder === undefined ? undefined : TYPE_OF_FOLDER.get(folder);
  const file = rest.join('/');
  const dot = file.lastIndexOf('.');
  if (!type || rest.length === 0 || dot <= 0 || dot < file.lastIndexOf('/')) return undefined;
  const language = LANGUAGE_OF_EXTENSION.get(file.slice(dot + 1));
  if (!language) return undefined;
  const relative = `${folder}/${file}`;
  return { path: `${PROJECT_FOLDER}/${relative}`, name: rest.at(-1)!, type, uuid: file.slice(0, dot), language };
}

/** Whether the block is the one the file names (its type and language decide its folder and extension). */
export const isBlockFile = (block: BlockRecord | undefined, file: BlockFileName): block is BlockRecord =>
  block?.type === file.type && blockExtension(block.language) === blockExtension(file.language);
