import type { Plugin } from 'vite';
import { unregisterTailwindProperties } from '../lib/css-properties.ts';

/** Rewrites every stylesheet the build writes with Tailwind's variables' starting values said once (src/lib/css-properties.ts). */
export function tailwindPropertiesOnce(): Plugin {
  return {
    name: 'miqat:tailwind-properties-once',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css')) {
          file.source = unregisterTailwindProperties(String(file.source));
        }
      }
    },
  };
}
