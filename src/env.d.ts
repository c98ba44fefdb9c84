declare module 'astro' {
  interface AstroClientDirectives {
    'client:interact'?: boolean | import('./integrations/interact-client').InteractOptions;
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
