import type { APIRoute } from 'astro';
import { formAgain, refererUrl, sentFromPath, type EnquiryAnswer } from '@/lib/forms/returned-form';
import { wantsPage } from '@/lib/forms/page-request';
import { formSpeaks } from '@/lib/forms/text-in';
import { localizedPath, splitLanguagePath, type Language } from '@/lib/languages';
import { outcomeResponse, type SubmitOutcome } from '@/server/leads/api';
import { clientGone, socketAddressOf } from '@/server/leads/client-address';
import { leadApi } from '@/server/leads/instance';

// Leads arrive at run time; every page around the forms stays prerendered.
export const prerender = false;

/** Where a browser's own post lands once its lead is stored: a page that a reload cannot send again (`/ur/enquiry/sent` in Urdu). */
const SENT_PAGE = '/enquiry/sent';
/** The on-demand page that shows a browser's own post again (problems, the sum, a refusal), in the form's language. */
const ANSWER_PAGE = '/enquiry/check';

export const POST: APIRoute = async (context) => {
  const { params, request, url } = context;
  const formId = params['formId'] ?? '';
  const socketAddress = socketAddressOf(context);
  if (socketAddress === undefined) return clientGone(url.pathname);
  const client = leadApi.client(request, socketAddress);
  const pagePath = sentFromPath(url, request.headers.get('referer'));
  const outcome = await leadApi.receive(formId, fromPage(request, url, pagePath), client);
  if (!wantsPage(request.headers)) return outcomeResponse(outcome);

  // A browser posted the form itself (no script): answer with pages, never JSON, in the form's
  // language (the page's, when the body was never read).
  const asked: Language =
    ('language' in outcome ? outcome.language : undefined) ?? splitLanguagePath(pagePath ?? '/').lang;
  const form = 'form' in outcome ? outcome.form : undefined;
  const lang = form && !formSpeaks(form, asked) ? 'en' : asked;
  const sentPage = localizedPath(SENT_PAGE, lang);
  if (outcome.kind === 'stored') return context.redirect(`${sentPage}?lead=${outcome.leadId}`, 303);
  // A filled honeypot is told "sent", as the JSON answer tells it, and nothing was kept.
  if (outcome.kind === 'ignored') return context.redirect(`${sentPage}?form=${encodeURIComponent(formId)}`, 303);
  context.locals.enquiry = await pageAnswer(outcome, client, pagePath);
  // The answer page gets a request of its own: the post's body is spent (or, over the limit, left unread).
  return context.rewrite(new Request(new URL(localizedPath(ANSWER_PAGE, lang), url), { headers: request.headers }));
};

/**
 * The request as the lead API should record it: a form the server showed again posts from the
 * endpoint's own address, so its Referer is put back to the page the visitor started on.
 */
function fromPage(request: Request, url: URL, pagePath: string | undefined): Request {
  if (!pagePath || !refererUrl(request.headers.get('referer'), url)?.pathname.startsWith('/api/')) return request;
  const headers = new Headers(request.headers);
  headers.set('referer', new URL(pagePath, url).href);
  return new Request(request, { headers, duplex: 'half' } as RequestInit);
}

/** The answer page's content for an outcome that stored nothing: the form again wherever it can be. */
async function pageAnswer(
  outcome: Extract<SubmitOutcome, { kind: 'invalid' | 'refused' }>,
  client: string,
  pagePath: string | undefined,
): Promise<EnquiryAnswer> {
  const { form, fields, touch } = outcome;
  // A store that is down cannot sign a sum: the form is shown again without one rather than not at all.
  const challenge = form?.captcha ? ((await leadApi.issueChallenge(client).catch(() => null)) ?? undefined) : undefined;
  if (outcome.kind === 'refused') {
    const again = form && fields ? formAgain(form, fields, {}, { sumNotAsked: true, challenge, touch }) : undefined;
    const { status, message, headers } = outcome;
    return { status, step: 'refused', formId: form?.id, message, headers, again, pagePath };
  }
  const sumNotAsked = outcome.captcha === 'missing';
  const again = formAgain(outcome.form, outcome.fields, outcome.errors, { sumNotAsked, challenge, touch });
  const step = again.summary.length === 0 ? 'sum' : 'problems';
  // The sum is the next step of a sound enquiry, not a mistake: it is answered 200.
  return { status: step === 'sum' ? 200 : 400, step, formId: outcome.form.id, again, pagePath };
}

export const ALL: APIRoute = () =>
  new Response(JSON.stringify({ error: 'Send the form with POST.' }), {
    status: 405,
    headers: { Allow: 'POST', 'Content-Type': 'application/json; charset=utf-8' },
  });
