import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { load } from 'js-yaml';

/** Every YAML entry of a content folder, keyed by id (the file name), as the build reads them. */
export function readCollection<T>(folder: string): Map<string, T> {
  const dir = join('src/content', folder);
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => [basename(file, '.yaml'), load(readFileSync(join(dir, file), 'utf8')) as T]),
  );
}
