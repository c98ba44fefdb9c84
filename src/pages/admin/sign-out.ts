import type { APIRoute } from 'astro';
import { SESSION_COOKIE, signedOutRedirect } from '@/server/desk/auth';
import { deskAuth } from '@/server/desk/instance';

export const prerender = false;

/** Ends this browser's session; the middleware has checked the session and its CSRF token. */
export const POST: APIRoute = async ({ cookies }) => {
  const token = cookies.get(SESSION_COOKIE)?.value;
  if (token) await deskAuth.signOut(token);
  cookies.delete(SESSION_COOKIE, { path: '/admin' });
  return signedOutRedirect('/admin/sign-in?signed-out=1');
};
