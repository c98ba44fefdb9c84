/*
 * The quote editor's controller (/admin/leads/<id>/quotes/<quote id or new>): which quote and
 * version the address names, what a post does (redraw the form, or save a draft), and what the
 * page then shows. The page reads the request, calls `quoteEditorPage` and renders the answer.
 */
import { agencyDay } from '../../lib/agency-time.ts';
import { findForm } from '../../lib/forms/definitions.ts';
import { travellerText } from '../../lib/leads/rows.ts';
import { visitorName } from '../../lib/leads/visitor.ts';
import { quoteDoneMessage, quoteView } from '../../lib/quotes/desk-view.ts';
import { editorStep } from '../../lib/quotes/editor.ts';
import { placeProblems, quoteFormOf, type QuoteForm } from '../../lib/quotes/editor-form.ts';
import type { QuoteProblem } from '../../lib/quotes/model.ts';
import { formatDay } from '../../lib/dates.ts';
import { chooseStart, leadPackageSlug, startingForm, type PackageStart } from '../../lib/quotes/start.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import { lists } from './instance.ts';
import { quotes, quoteSettings } from '../quotes/instance.ts';

/** What the page was asked: whose quote, which one (`new` or an id), the posted form and the query. */
export interface QuoteEditorRequest {
  leadId: string;
  quoteId: string;
  form?: FormData | undefined;
  search: URLSearchParams;
  staff: { id: string; email: string };
  /** The catalogue's packages and trips as starts, read by the page (content collections are Astro's). */
  starts: () => Promise<PackageStart[]>;
}

/** Runs a post, if any, and loads the page: a redirect after a saved draft, else the status and view. */
export async function quoteEditorPage(request: QuoteEditorRequest) {
  const { leadId, quoteId, search } = request;
  const isNew = quoteId === 'new';
  const store = quotes();
  const settings = quoteSettings();
  const today = agencyDay(new Date(), agencyContact.timeZone);
  const lead = await lists().deskLead(leadId);
  const stored = lead && !isNew ? (await store.quotesOfLead(leadId)).find((quote) => quote.id === quoteId) : undefined;
  const view = stored && quoteView(stored, today, agencyContact.timeZone);
  const askedVersion = search.get('version');
  const readVersion =
    askedVersion === null ? undefined : stored?.versions.find((v) => String(v.version) === askedVersion);
  const found = Boolean(lead && (isNew || stored) && (askedVersion === null || readVersion));
  const editable = found && askedVersion === null && (isNew || view?.canEdit === true);
  const starts = found && isNew ? await request.starts() : [];
  const leadSlug = lead && leadPackageSlug(lead.fields, starts);
  const choice = chooseStart(starts, search.get('from'), leadSlug);

  let status = found ? 200 : 404;
  let form: QuoteForm | undefined;
  let problems: QuoteProblem[] = [];
  let notice: string | undefined;
  if (editable && lead && request.form) {
    const step = editorStep(request.form, settings, today);
    form = step.form;
    if (step.kind === 'draw') ({ problems, notice } = step);
    else {
      const saved = await store.saveDraft(
        isNew ? { leadId } : { leadId, quoteId },
        step.read.input,
        request.staff,
        today,
      );
      if (saved?.ok) {
        const done = saved.changed ? 'quote-saved' : 'quote-unchanged';
        return { redirect: `/admin/leads/${encodeURIComponent(leadId)}/quotes/${saved.quoteId}?done=${done}` };
      }
      problems = saved
        ? placeProblems(step.read, saved.problems)
        : [{ field: '_form', message: 'This quote can no longer be changed: reload it.' }];
    }
    if (problems.length > 0) status = 400;
  }
  form ??=
    editable && lead
      ? view
        ? quoteFormOf(view.latest.draft)
        : startingForm(choice.start, {
            today,
            validForDays: settings.validForDays,
            travelDate: lead.fields['travel_date'] ?? '',
          })
      : undefined;

  const leadForm = lead && findForm(lead.formId);
  const latest = view?.latest;
  const shownVersion = editable ? undefined : (readVersion ?? latest);
  const shownSentAt = shownVersion?.sentAt;
  return {
    status,
    view: {
      found,
      isNew,
      lead,
      leadId,
      quote: view,
      name: (lead && visitorName(leadForm, lead.fields)) || '(no name)',
      travellers: lead ? travellerText(leadForm, lead.fields) : '',
      editable,
      form,
      settings,
      problems,
      problemOf: Object.fromEntries(problems.filter((p) => p.field !== '_form').map((p) => [p.field, p.message])),
      notice,
      done: problems.length === 0 ? quoteDoneMessage(search.get('done')) : undefined,
      readVersion,
      starts,
      leadSlug,
      choice,
      priceFrom: starts.find((start) => start.slug === form?.packageSlug)?.priceFrom,
      saveLabel: !latest || latest.sentAt === null ? 'Save draft' : `Save as version ${latest.version + 1}`,
      shownVersion,
      shownStatus: shownSentAt
        ? `Sent on ${formatDay(agencyDay(new Date(shownSentAt), agencyContact.timeZone))}`
        : 'Draft, not sent',
    },
  };
}
