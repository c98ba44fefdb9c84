import type { APIRoute } from 'astro';
import { sameOrigin } from '@/server/leads/admin-auth';
import { inboxAuth } from '@/server/leads/instance';

export const prerender = false;

export const POST: APIRoute = ({ request }) => {
  if (!sameOrigin(request)) return new Response('Sign out from the inbox page.', { status: 403 });
  return new Response(null, {
    status: 303,
    headers: { Location: '/admin/leads', 'Set-Cookie': inboxAuth.clearCookie() },
  });
};
