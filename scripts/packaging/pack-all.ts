/**
 * npm run pack-all: every package as the registry would get it, built fresh (each package's prepack) and
 * packed into packed/ (gitignored). Install them elsewhere with `npm install <path>/packed/*.tgz`.
 */
import { join, relative } from 'node:path';
import { packAll } from './pack.js';
import { root } from './workspaces.js';

const destination = join(root, 'packed');
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
for (const tarball of await packAll(destination)) {
  console.log(
    `${relative(process.cwd(), tarball.path).padEnd(40)} ${kB(tarball.size).padStart(10)} packed ${kB(tarball.unpackedSize).padStart(10)} unpacked  ${tarball.files.length} files`,
  );
}
