// When a build or an install is older than what it was made from: modification times of files and of whole folders.
import fs from 'node:fs';
import path from 'node:path';

export const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** The newest modification time under a folder, leaving out the named subfolders. */
export function newest(dir, skip = []) {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    if (skip.includes(entry.name)) return latest;
    const full = path.join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }, 0);
}

/**
 * The console's build is stale when anything of the console (sources, Vite config) or the shared workflows (with the
 * AssemblyScript the build compiles) changed after it.
 */
export function consoleIsStale(root) {
  const workflows = ['src', 'assembly'].map((folder) => newest(path.join(root, 'workflows', folder)));
  const sources = Math.max(newest(path.join(root, 'console'), ['dist', 'node_modules']), ...workflows);
  return mtime(path.join(root, 'console', 'dist', 'index.html')) < sources;
}

/** Every install rewrites node_modules/.package-lock.json, so one older than package-lock.json (or none) means install again. */
export function installIsStale(root) {
  return mtime(path.join(root, 'node_modules', '.package-lock.json')) < mtime(path.join(root, 'package-lock.json'));
}
