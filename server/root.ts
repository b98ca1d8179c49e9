import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (server/ lives directly under it). */
export const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
