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
      /** Set by the desk's middleware (src/middleware.ts) on every /admin page a signed-in person opens. */
      staff?: import('@/server/desk/types').StaffMember;
      /** The session's token for the hidden `csrf` field of every state-changing desk form. */
      csrfToken?: string;
    }
  }
}

export {};
