import type { APIRoute } from 'astro';

export const prerender = false;

/** The desk opens on its list of enquiries. */
export const GET: APIRoute = ({ redirect }) => redirect('/admin/leads', 303);
