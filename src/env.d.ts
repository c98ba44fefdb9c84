declare module 'astro' {
  interface AstroClientDirectives {
    'client:interact'?: boolean | import('./integrations/interact-client').InteractOptions;
  }
}

export {};
