import type { Probe, Reason } from './differential.js';

const P = '/api/pipelines/frodo_editor';
const file = (path: string) => `/api/file_contents/${encodeURIComponent(path)}`;
/** The folders of a fresh Mage project that hold no block file of these probes (hidden ones, pipelines, utils, empty block folders). */
const NO_BLOCK_FILES = '^(\\..*|charts|dbt|extensions|interactions|pipelines|utils)$';
const block = (name: string, type: string, more: Record<string, unknown> = {}) => ({ block: { name, type, ...more } });

/**
 * What Mage's pipeline editor reads and writes beyond pipelines and blocks: a block's code (given, and the template a
 * block created without code gets, per type and language), the project's file tree, a block file's contents read and
 * written, and the "add block" menus' templates. Block names start with `frodo_`: Mage's block files are the
 * project's, shared by every pipeline, and the file tree is narrowed to them.
 */
export const EDITOR_PROBES: Probe[] = [
  { name: 'editor: pipeline', method: 'POST', path: '/api/pipelines', body: { pipeline: { name: 'frodo-editor', type: 'python' } }, credentials: 'token' },
  {
    name: 'editor: block with code',
    method: 'POST',
    path: `${P}/blocks`,
    body: block('frodo_load', 'data_loader', { content: 'x = 1\n' }),
    credentials: 'token',
  },
  { name: 'editor: read its code', method: 'GET', path: `${P}/blocks/frodo_load?include_content=true`, credentials: 'token' },
  { name: 'editor: loader without code', method: 'POST', path: `${P}/blocks`, body: block('frodo_loader_tpl', 'data_loader'), credentials: 'token' },
  {
    name: 'editor: transformer without code',
    method: 'POST',
    path: `${P}/blocks`,
    body: block('frodo_transformer_tpl', 'transformer', { upstream_blocks: ['frodo_load'] }),
    credentials: 'token',
  },
  { name: 'editor: exporter without code', method: 'POST', path: `${P}/blocks`, body: block('frodo_exporter_tpl', 'data_exporter'), credentials: 'token' },
  { name: 'editor: custom without code', method: 'POST', path: `${P}/blocks`, body: block('frodo_custom_tpl', 'custom'), credentials: 'token' },
  { name: 'editor: sensor without code', method: 'POST', path: `${P}/blocks`, body: block('frodo_sensor_tpl', 'sensor'), credentials: 'token' },
  { name: 'editor: scratchpad without code', method: 'POST', path: `${P}/blocks`, body: block('frodo_scratch_tpl', 'scratchpad'), credentials: 'token' },
  {
    name: 'editor: markdown without code',
    method: 'POST',
    path: `${P}/blocks`,
    body: block('frodo_notes_tpl', 'markdown', { language: 'markdown' }),
    credentials: 'token',
  },
  {
    name: 'editor: SQL loader without code',
    method: 'POST',
    path: `${P}/blocks`,
    body: block('frodo_sql_tpl', 'data_loader', { language: 'sql' }),
    credentials: 'token',
  },
  {
    name: 'editor: R transformer without code',
    method: 'POST',
    path: `${P}/blocks`,
    body: block('frodo_r_tpl', 'transformer', { language: 'r' }),
    credentials: 'token',
  },
  { name: 'editor: callback without code', method: 'POST', path: `${P}/blocks`, body: block('frodo_callback_tpl', 'callback'), credentials: 'token' },
  { name: 'editor: conditional without code', method: 'POST', path: `${P}/blocks`, body: block('frodo_conditional_tpl', 'conditional'), credentials: 'token' },
  { name: 'editor: read a template’s code', method: 'GET', path: `${P}/blocks/frodo_exporter_tpl?include_content=true`, credentials: 'token' },
  // Mage's `pattern` narrows files, not folders: the folders of its project that hold no block file are left out here.
  {
    name: 'editor: file tree',
    method: 'GET',
    path: `/api/files?pattern=frodo_&exclude_dir_pattern=${encodeURIComponent(NO_BLOCK_FILES)}`,
    credentials: 'token',
  },
  { name: 'editor: file contents', method: 'GET', path: file('data_loaders/frodo_load.py'), credentials: 'token' },
  {
    name: 'editor: write a file',
    method: 'PUT',
    path: file('data_loaders/frodo_load.py'),
    body: { file_content: { content: 'y = 2\n' } },
    credentials: 'token',
  },
  { name: 'editor: the code after the write', method: 'GET', path: `${P}/blocks/frodo_load?include_content=true`, credentials: 'token' },
  { name: 'editor: write without content', method: 'PUT', path: file('data_loaders/frodo_load.py'), body: { file_content: {} }, credentials: 'token' },
  { name: 'editor: a file outside the project', method: 'GET', path: file('../../etc/passwd'), credentials: 'token' },
  { name: 'editor: a file no block has', method: 'GET', path: file('data_loaders/frodo_nothing.py'), credentials: 'token' },
  { name: 'editor: block templates', method: 'GET', path: '/api/block_templates?show_all=false', credentials: 'token' },
  // Mage deletes a pipeline's scratchpads (block and file) before it answers the pipeline's delete: deleted first here.
  { name: 'editor: delete the scratchpad', method: 'DELETE', path: `${P}/blocks/frodo_scratch_tpl`, credentials: 'token' },
  { name: 'editor: delete the pipeline', method: 'DELETE', path: P, credentials: 'token' },
];

const editorProbe = (probe: Probe) => probe.name.startsWith('editor: ');
const tail = (path: string) =>
  path
    .replace(/\[\d+\]/g, '[]')
    .split('.')
    .pop()!;

/** Why the editor's answers differ on purpose (docs/compatibility.md). */
export const EDITOR_REASONS: Reason[] = [
  {
    id: 'block-file-path',
    why: 'Mage names its project after its folder (`project` here) and answers a file’s absolute path on its disk; the kit has no disk: its project is `default_repo` (Mage’s Docker default) and a file’s path starts there, as its file tree names it and its file routes take it.',
    covers: (d, probe) => editorProbe(probe) && d.kind === 'value' && (d.path === 'files[0].name' || d.path === 'file_content.path'),
  },
  {
    id: 'tree-root',
    why: 'Mage presents the tree’s root folder with its file attributes all null (`disabled`, `path`, `size`, ...); the kit leaves them out of a folder (one type for one field: `disabled` is a boolean).',
    covers: (d, probe) => probe.name === 'editor: file tree' && d.kind === 'only in Mage' && /^files\[0\]\.[a-z_]+$/.test(d.path) && d.mage === null,
  },
  {
    id: 'file-times',
    why: 'A file’s `modified_timestamp` is when each server last wrote it (Mage: the file’s mtime; the kit: the block’s `updated_at`).',
    covers: (d, probe) => editorProbe(probe) && d.kind === 'value' && tail(d.path) === 'modified_timestamp' && d.mage !== null && d.ours !== null,
  },
  {
    id: 'no-such-file',
    why: 'Mage answers any path inside its project, even one no file has, as an empty file (`content: ""`, `size: null`); on the kit a path names a block’s file or nothing, and nothing is 404 `record_not_found`.',
    covers: (d, probe) => probe.name === 'editor: a file no block has' && ['file_content', 'metadata', 'error'].includes(d.path),
  },
  {
    id: 'field-errors',
    why: 'The kit’s `record_invalid` lists each problem with its attribute path in `errors` (design-notes.md, the error catalogue); Mage gives the message only.',
    covers: (d, probe) => editorProbe(probe) && d.kind === 'only in ours' && d.path === 'error.errors',
  },
];
