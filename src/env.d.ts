declare module 'astro' {
  interface AstroClientDirectives {
    /** `true`, or a sessionStorage key whose presence hydrates at once (a form's kept entries). */
    'client:interact'?: boolean | string;
  }
}

export {};
