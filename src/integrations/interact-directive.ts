import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Registers `client:interact`: an island hydrates on the visitor's first pointer, touch,
 * focus or key event inside it, so a page ships no JavaScript until someone reaches for it.
 */
export function interactDirective(): AstroIntegration {
  return {
    name: 'miqat:interact-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interact',
          entrypoint: fileURLToPath(new URL('./interact-client.ts', import.meta.url)),
        });
      },
    },
  };
}
