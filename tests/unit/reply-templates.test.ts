import { describe, expect, it } from 'vitest';
import { outboxKinds } from '@/server/message-kinds';
import { composeReply, replyDoneMessage, replyHistory, replySender, staffNameProblem } from '@/lib/desk/reply-email';
import {
  PLACEHOLDERS,
  messageProblems,
  placeholderList,
  placeholderProblems,
  placeholdersIn,
  renderTemplate,
  templateProblems,
  withReference,
} from '@/lib/desk/reply-templates';
import { agencyContact } from '@/lib/site-contact';

const VALUES = {
  pilgrim_name: 'Layla Haddad',
  reference: 'MQ-7K3F9Q',
  package: 'Chicago 10 Nights 3 Star Umrah Package',
  quote_link: 'https://miqat-travel.example/quote/abc',
  staff_name: 'Amina Rahman',
  agency_name: 'Miqat Travel',
};

describe('reply template placeholders', () => {
  it('lists every placeholder the way a template writes it', () => {
    expect(placeholderList()).toBe(
      Object.keys(PLACEHOLDERS)
        .map((name) => `{{${name}}}`)
        .join(', '),
    );
    expect(placeholderList()).toContain('{{quote_link}}');
  });

  it('refuses an unknown placeholder by name, once however often it is used', () => {
    const problems = placeholderProblems('Dear {{first_name}}, {{first_name}} again; ref {{reference}}');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\{\{first_name\}\} is not a placeholder we know; use one of \{\{pilgrim_name\}\}/);
  });

  it('refuses malformed braces, naming what was typed', () => {
    expect(placeholderProblems('Dear {pilgrim_name},')[0]).toContain('"{pilgrim_name}" is not a placeholder');
    expect(placeholderProblems('Dear {{pilgrim name}},')[0]).toContain('"{{pilgrim name}}"');
    expect(placeholderProblems('Dear {{pilgrim_name},')[0]).toContain('"{{pilgrim_name}"');
    expect(placeholderProblems('Dear pilgrim_name}},')[0]).toContain('"}}"');
    expect(placeholderProblems('Dear {{ pilgrim_name }}, see {{quote_link}}')).toEqual([]);
  });

  it('finds the placeholders a text uses, in order, once each', () => {
    expect(placeholdersIn('{{reference}} {{pilgrim_name}} {{reference}} {{nope}}')).toEqual([
      'reference',
      'pilgrim_name',
    ]);
  });

  it('checks a reply: subject and message written, within their lengths, with known placeholders', () => {
    expect(messageProblems('Hello', 'Text')).toEqual([]);
    expect(messageProblems(' ', '')).toEqual([
      { field: 'subject', message: 'Write the subject.' },
      { field: 'body', message: 'Write the message.' },
    ]);
    expect(messageProblems('x'.repeat(201), 'y'.repeat(5001)).map((p) => p.message)).toEqual([
      'Keep the subject to 200 characters or fewer.',
      'Keep the message to 5,000 characters or fewer.',
    ]);
    expect(messageProblems('Re {{ref}}', 'ok')).toEqual([
      { field: 'subject', message: expect.stringMatching(/^The subject: \{\{ref\}\} is not a placeholder we know/) },
    ]);
  });

  it('checks a template: a name too, then its subject and message', () => {
    expect(
      templateProblems({ name: 'First reply', subject: 'Hi {{reference}}', body: 'Dear {{pilgrim_name}}' }),
    ).toEqual([]);
    expect(templateProblems({ name: '', subject: 's', body: '{{price}}' })).toEqual([
      { field: 'name', message: 'Give the template a name staff will recognise.' },
      { field: 'body', message: expect.stringContaining('The message: {{price}} is not a placeholder we know') },
    ]);
    expect(templateProblems({ name: 'n'.repeat(81), subject: 's', body: 'b' })[0]!.message).toBe(
      'Keep the name to 80 characters or fewer.',
    );
  });
});

describe('rendering a template on a lead', () => {
  it('fills in every placeholder, with or without spaces inside the braces', () => {
    expect(
      renderTemplate('Dear {{ pilgrim_name }}, quote {{reference}}: {{quote_link}} ({{staff_name}})', VALUES),
    ).toEqual({
      ok: true,
      text: 'Dear Layla Haddad, quote MQ-7K3F9Q: https://miqat-travel.example/quote/abc (Amina Rahman)',
    });
  });

  it('says why when the lead has no live quote for {{quote_link}}, instead of a broken link', () => {
    const withoutQuote = { ...VALUES, quote_link: '' };
    const rendered = renderTemplate('Your quote: {{quote_link}}', withoutQuote);
    expect(rendered).toEqual({
      ok: false,
      message:
        'This text cannot be used here. {{quote_link}}: this enquiry has no quote sent: send a quote first, or choose another template.',
    });
  });

  it('says each missing value, and refuses an unknown placeholder rather than sending it', () => {
    const rendered = renderTemplate('{{package}} by {{staff_name}}', { ...VALUES, package: '', staff_name: ' ' });
    expect(rendered.ok).toBe(false);
    expect(!rendered.ok && rendered.message).toContain('{{package}}: this enquiry names no package; {{staff_name}}');
    expect(renderTemplate('Dear {{name}}', VALUES)).toMatchObject({
      ok: false,
      message: expect.stringContaining('{{name}}'),
    });
  });

  it('does not fill a value in again when it looks like a placeholder itself', () => {
    expect(renderTemplate('Dear {{pilgrim_name}}', { ...VALUES, pilgrim_name: '{{quote_link}}' })).toEqual({
      ok: true,
      text: 'Dear {{quote_link}}',
    });
  });

  it('puts the reference in a subject that leaves it out', () => {
    expect(withReference(' Your visa documents ', 'MQ-7K3F9Q')).toBe('Your visa documents (reference MQ-7K3F9Q)');
    expect(withReference('Your enquiry MQ-7K3F9Q', 'MQ-7K3F9Q')).toBe('Your enquiry MQ-7K3F9Q');
  });
});

describe('the reply email', () => {
  const email = composeReply(
    {
      reference: 'MQ-7K3F9Q',
      subject: 'Your documents',
      body: 'Dear Layla,\r\n\r\nThank you.\n\n',
      senderName: ' Amina Rahman ',
    },
    'https://miqat-travel.example',
  );

  it('is written out in full: the reference in the subject, the text, then our name, phone and site', () => {
    expect(email).toEqual({
      kind: 'reply',
      reference: 'MQ-7K3F9Q',
      subject: 'Your documents (reference MQ-7K3F9Q)',
      text: [
        'Dear Layla,',
        '',
        'Thank you.',
        '',
        '--',
        agencyContact.name,
        `Phone: ${agencyContact.phone.display}`,
        'https://miqat-travel.example',
      ].join('\n'),
      senderName: 'Amina Rahman',
    });
  });

  it("comes from the agency's address under the staff member's name", () => {
    expect(replySender('Amina Rahman', 'Desk <desk@miqat-travel.example>')).toBe(
      '"Amina Rahman" <desk@miqat-travel.example>',
    );
    expect(replySender('Amina Rahman', 'desk@miqat-travel.example')).toBe('"Amina Rahman" <desk@miqat-travel.example>');
    // A name a header cannot carry (never stored: the account page refuses it) falls back to the agency's.
    expect(replySender('Evil" <x@y>', 'desk@miqat-travel.example')).toBe(
      `${agencyContact.name} <desk@miqat-travel.example>`,
    );
  });

  it('refuses a name a mail header cannot carry, or none', () => {
    expect(staffNameProblem("Amina O'Neil-Rahman Jr.")).toBeUndefined();
    expect(staffNameProblem('  ')).toBe('Write your name as pilgrims should see it, such as Amina Rahman.');
    expect(staffNameProblem('a'.repeat(81))).toBe('Keep your name to 80 characters or fewer.');
    expect(staffNameProblem('Amina <amina@x>')).toBe('Use letters, spaces, hyphens, apostrophes and full stops only.');
    expect(staffNameProblem('Amina\nBcc: x')).toBe('Use letters, spaces, hyphens, apostrophes and full stops only.');
  });

  it('is named among the deliveries by its subject, a quote email as before', () => {
    expect(outboxKinds.messageLabel(email)).toBe('Reply "Your documents (reference MQ-7K3F9Q)"');
    expect(
      outboxKinds.messageLabel({ kind: 'quote-question', reference: 'MQ-7K3F9Q', version: 1, question: 'Halal?' }),
    ).toBe('Question notice');
  });

  it('is kept in the history word for word, with where it went', () => {
    expect(replyHistory(email, 'layla@example.com')).toBe(
      `Email to layla@example.com\nSubject: Your documents (reference MQ-7K3F9Q)\n\n${email.text}`,
    );
  });

  it('says what happened after a send, and nothing for another value', () => {
    expect(replyDoneMessage('reply-sent')).toMatch(/^Reply sent to the outbox/);
    expect(replyDoneMessage('reply-repeated')).toBe('That reply was sent already; it was not sent again.');
    expect(replyDoneMessage('note')).toBeUndefined();
    expect(replyDoneMessage(null)).toBeUndefined();
  });
});
