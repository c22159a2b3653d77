// A lock file holding the owner's pid, so that a second service started on the same DATA_DIR refuses to
// open the embedded database instead of corrupting it. A lock left by a dead process is taken over.
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

export type DirectoryLock = { release(): Promise<void> };

/** The lock of the embedded database in DATA_DIR (the directory is made if it does not exist). */
export async function lockDataDirectory(dataDir: string): Promise<DirectoryLock> {
  await mkdir(dataDir, { recursive: true });
  return acquireDirectoryLock(path.resolve(dataDir, 'pglite.lock'));
}

export async function acquireDirectoryLock(lockPath: string): Promise<DirectoryLock> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => unlink(lockPath).catch(() => undefined) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`the data directory is in use by process ${owner} (${lockPath})`);
      }
      await unlink(lockPath).catch(() => undefined);
    }
  }
  throw new Error(`could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
