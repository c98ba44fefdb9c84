import type { APIRoute } from 'astro';
import { isHttps, sameOrigin } from '@/server/leads/admin-auth';
import { inboxAuth, leadApi } from '@/server/leads/instance';

export const prerender = false;

export const POST: APIRoute = async ({ request, clientAddress, redirect }) => {
  if (!inboxAuth.enabled) return new Response('Not found', { status: 404 });
  if (!sameOrigin(request)) return new Response('Sign in from the inbox page.', { status: 403 });
  const client = leadApi.client(request, clientAddress);
  const password = await request
    .formData()
    .then((data) => String(data.get('password') ?? ''))
    .catch(() => '');
  const result = await inboxAuth.login(password, client);
  if (result === 'ok') {
    return new Response(null, {
      status: 303,
      headers: { Location: '/admin/leads', 'Set-Cookie': await inboxAuth.sessionCookie(isHttps(request)) },
    });
  }
  if (typeof result === 'object') {
    return new Response(null, {
      status: 303,
      headers: { Location: '/admin/leads?login=limited', 'Retry-After': String(result.retryAfter) },
    });
  }
  return redirect('/admin/leads?login=wrong', 303);
};
