declare module 'astro' {
  interface AstroClientDirectives {
    /** `true`, or a sessionStorage key whose presence hydrates at once (a form's kept entries). */
    'client:interact'?: boolean | string;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** Set by the form endpoint for the page that answers a browser's own post. */
      enquiry?: import('@/lib/forms/returned-form').EnquiryAnswer;
    }
  }
}

export {};
