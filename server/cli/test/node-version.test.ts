import { expect, it } from 'vitest';
import { nodeVersionProblem } from '../node-version.js';

it('names the Node.js version needed and the one running, on a Node.js without node:sqlite unflagged', () => {
  expect(nodeVersionProblem('20.20.2')).toBe('pipeline-api-server needs Node.js 22.13 or newer (this is 20.20.2).');
  expect(nodeVersionProblem('22.12.0')).toBe('pipeline-api-server needs Node.js 22.13 or newer (this is 22.12.0).');
  expect(nodeVersionProblem('23.3.0')).toBe('pipeline-api-server needs Node.js 22.13 or newer (this is 23.3.0).'); // 23.4 gained it
  for (const fine of ['22.13.0', '22.20.1', '23.4.0', '24.21.0', '26.1.0']) expect(nodeVersionProblem(fine), fine).toBeUndefined();
});
