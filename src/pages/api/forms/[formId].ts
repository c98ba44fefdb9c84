import type { APIRoute } from 'astro';
import { leadApi } from '@/server/leads/instance';

// Leads arrive at run time; every page around the forms stays prerendered.
export const prerender = false;

export const POST: APIRoute = ({ params, request, clientAddress }) =>
  leadApi.submit(params['formId'] ?? '', request, leadApi.client(request, clientAddress));

export const ALL: APIRoute = () =>
  new Response(JSON.stringify({ error: 'Send the form with POST.' }), {
    status: 405,
    headers: { Allow: 'POST', 'Content-Type': 'application/json; charset=utf-8' },
  });
