import type { APIRoute } from 'astro';
import { leadApi } from '@/server/leads/instance';

export const prerender = false;

export const GET: APIRoute = ({ request, clientAddress }) => leadApi.challenge(leadApi.client(request, clientAddress));
