/**
 * The one guard of the staff desk: every /admin route but the sign-in page passes here. Everything
 * else (prerendered pages, the lead API) only meets the path test below: the desk's modules load
 * on the first desk request, not before.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';

const DESK = /^\/admin(?:\/|$)/;
const OWNERS_ONLY = /^\/admin\/(?:staff|privacy|templates)(?:[/.?]|$)/;
/** Where a person whose password must change may still go. */
const WHILE_CHANGING = new Set(['/admin/password', '/admin/sign-out']);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A plain page for refusals that happen before any desk page is drawn. */
function notice(status: number, title: string, message: string, link = '/admin'): Response {
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(link)}">Back to the desk</a></p></main></body>
</html>`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

async function guardDesk(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { url, request, cookies, locals } = context;
  if (url.pathname === '/admin/sign-in') return next();
  const { SESSION_COOKIE, foreignOrigin } = await import('./server/desk/auth.ts');
  const { sameSecret } = await import('./server/secrets.ts');
  const { deskAuth } = await import('./server/desk/instance.ts');
  let session;
  try {
    session = await deskAuth.session(cookies.get(SESSION_COOKIE)?.value);
  } catch {
    return notice(
      503,
      'The desk is unavailable',
      'The enquiry desk cannot reach its database. Please try again in a minute; nothing was changed.',
    );
  }
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (!session) {
    if (!reading)
      return notice(401, 'Please sign in', 'Your session has ended. Sign in and try again.', '/admin/sign-in');
    return context.redirect(`/admin/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  if (!reading) {
    const form = await request
      .clone()
      .formData()
      .catch(() => undefined);
    const given = form?.get('csrf');
    if (foreignOrigin(request) || typeof given !== 'string' || !sameSecret(given, session.csrfToken)) {
      return notice(
        403,
        'This form has expired',
        'This form has expired or did not come from the desk, so nothing was changed. Please reload the page and try again.',
      );
    }
  }
  if (OWNERS_ONLY.test(url.pathname) && session.staff.role !== 'owner') {
    return notice(403, 'Owners only', 'Only an owner can manage staff, reply templates and privacy requests.');
  }
  if (session.staff.mustChangePassword && !WHILE_CHANGING.has(url.pathname)) {
    return context.redirect('/admin/password', 303);
  }
  locals.staff = session.staff;
  locals.csrfToken = session.csrfToken;
  return next();
}

export const onRequest = defineMiddleware((context, next) =>
  DESK.test(context.url.pathname) ? guardDesk(context, next) : next(),
);
