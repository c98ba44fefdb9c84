import type { APIRoute } from 'astro';
import { findForm } from '@/lib/forms/definitions';
import { leadsCsv } from '@/server/leads/csv';
import { inboxAuth, leadApi } from '@/server/leads/instance';

export const prerender = false;

export const GET: APIRoute = async ({ request, url }) => {
  if (!inboxAuth.enabled) return new Response('Not found', { status: 404 });
  if (!(await inboxAuth.signedIn(request))) return new Response('Please sign in at /admin/leads', { status: 401 });
  const formId = findForm(url.searchParams.get('form') ?? '')?.id;
  const csv = leadsCsv(await leadApi.store.listLeads({ formId }), formId);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${formId ?? 'all'}-${day}.csv"`,
    },
  });
};
