import { escapeHtml } from '@sportify/platform';
import { campDateText } from '@sportify/platform/dates';
import { dollarsAfter, dollarsBefore, receiptLines, receiptLineText } from '@sportify/platform/money';
import { routes } from '@sportify/platform/routes';
import type { MailTemplate } from './mail.model';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface RenderContext {
  /** The camp's time zone: every date in a message is written in it. */
  timeZone: string;
  /** The site's address, for links back to it. */
  siteUrl: string;
}

type Data = Record<string, unknown>;

/** One paragraph: the same words in both parts, escaped in the HTML one. */
interface Paragraph {
  text: string;
  /** A link under the paragraph (path on the site). */
  link?: { label: string; path: string };
}

const str = (data: Data, key: string, fallback = ''): string => {
  const v = data[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : fallback;
};

const dollars = (data: Data, key: string): string => dollarsAfter(Number(data[key]));

/** The price breakdown of a receipt ('Price: $120', 'Code SUMMER10: -$12', 'Total: $108'). */
const linesOf = (data: Data): Paragraph[] =>
  Array.isArray(data.lines)
    ? (data.lines as { label?: unknown; amount?: unknown }[]).map((l) => ({
        text: `${String(l.label)}: ${dollarsBefore(Number(l.amount))}`,
      }))
    : [];

/** Subject and paragraphs of each template; the parts are assembled the same way for all. */
function content(template: MailTemplate, data: Data, ctx: RenderContext): { subject: string; body: Paragraph[] } {
  const className = str(data, 'className', 'your class');
  const when = (key: string) => campDateText(data[key], ctx.timeZone);
  // A seat bought for a camper names them (their name alone: nothing else about a camper goes into a message).
  const camper = str(data, 'camperName');
  const forWhom = camper ? ` (${camper})` : '';
  switch (template) {
    case 'receipt': {
      const starts = data.startDate ? [{ text: `The class starts ${when('startDate')}.` }] : [];
      const plan = Array.isArray(data.installments)
        ? [
            {
              text: `Then ${(data.installments as unknown[]).length} payments of ${dollarsBefore(Number((data.installments as { amount: number }[])[0]?.amount))} on ${(data.installments as { dueAt: string }[]).map((i) => campDateText(i.dueAt, ctx.timeZone)).join(', ')}, charged to the card you saved.`,
            },
          ]
        : [];
      // The plan's installments are told between the amount paid and the transaction.
      const [paid, transaction] = receiptLines({
        amount: Number(data.amount),
        transactionId: str(data, 'transactionId'),
      }).map((line) => ({ text: receiptLineText(line) }));
      return {
        subject: `Your receipt for ${className}${forWhom}`,
        body: [
          {
            text: camper
              ? `Thank you for enrolling ${camper} in ${className}.`
              : `Thank you for enrolling in ${className}.`,
          },
          ...linesOf(data),
          paid,
          ...plan,
          transaction,
          { text: `Paid on ${when('paidAt')}.` },
          ...starts,
          {
            text: 'Your classes are in My Enrolled Classes.',
            link: { label: 'My Enrolled Classes', path: routes.enrolledClasses },
          },
        ],
      };
    }
    case 'refund':
      return {
        subject: `Your refund for ${className}${forWhom}`,
        body: [
          { text: `${dollars(data, 'amount')} for ${className}${forWhom} is on its way back to your card.` },
          ...(data.reason ? [{ text: str(data, 'reason') }] : []),
          { text: `Transaction: ${str(data, 'transactionId')}` },
          { text: 'Refunds usually reach the card within 5 to 10 business days.' },
        ],
      };
    case 'waitlistOffer': {
      const until = when('until');
      return {
        subject: `A seat in ${className}${forWhom} is yours until ${until}`,
        body: [
          {
            text: camper
              ? `A seat in ${className} opened up, and ${camper} is first on the waitlist.`
              : `A seat in ${className} opened up, and you are first on the waitlist.`,
          },
          {
            text: `It is held for you until ${until}. Pay before then to take it; after that it goes to the next student in line.`,
          },
          {
            text: 'Pay from My Selected Classes.',
            link: { label: 'My Selected Classes', path: routes.selectedClasses },
          },
        ],
      };
    }
    case 'offerPassedOn':
      return {
        subject: `Your held seat in ${className}${forWhom} has passed on`,
        body: [
          {
            text: `The seat held for you in ${className} was not paid in time, so it went to the next student on the waitlist.`,
          },
          { text: 'You can join the waitlist again from the class.', link: { label: 'Classes', path: routes.classes } },
        ],
      };
    case 'paymentFailed': {
      const installment = `installment ${str(data, 'n')} of ${str(data, 'of')} (${dollarsBefore(Number(data.amount))})`;
      return {
        subject: `Payment failed for ${className}`,
        body: [
          { text: `We could not charge ${installment} for ${className}${forWhom} to the card you saved.` },
          ...(data.needsCustomer
            ? [{ text: 'Your bank asks you to confirm this payment yourself, with your card in hand.' }]
            : data.reason
              ? [{ text: `The card's answer: ${str(data, 'reason')}` }]
              : []),
          data.retryAt
            ? { text: `We will try again on ${when('retryAt')}.` }
            : { text: 'This was the last try: unless it is paid, the place is released.' },
          {
            text: 'You can pay what is left now, from My Enrolled Classes (Pay balance now).',
            link: { label: 'Pay now', path: routes.enrolledClasses },
          },
        ],
      };
    }
    case 'placeReleased':
      return {
        subject: `Your place in ${className}${forWhom} has been released`,
        body: [
          {
            text: `The remaining payments for ${className}${forWhom} failed, so the place was released to the waitlist.`,
          },
          {
            text: `${dollarsBefore(Number(data.amount))} you paid is kept as credit on your account, for any later class.`,
          },
          {
            text: 'Your balance and statement are in My Account.',
            link: { label: 'My Account', path: routes.account },
          },
        ],
      };
    case 'creditKept':
      return {
        subject: `Your credit for ${className}${forWhom}`,
        body: [
          { text: `Your enrolment in ${className}${forWhom} is cancelled.` },
          { text: `${dollarsBefore(Number(data.amount))} is kept as credit on your account, for any later class.` },
          { text: `Transaction: ${str(data, 'transactionId')}` },
          {
            text: 'Your balance and statement are in My Account.',
            link: { label: 'My Account', path: routes.account },
          },
        ],
      };
    case 'classApproved':
      return {
        subject: `${className} is approved`,
        body: [
          { text: `${className} is approved and now shows on the Classes page, where students can select it.` },
          { text: 'See it in My Classes.', link: { label: 'My Classes', path: routes.myClasses } },
        ],
      };
    case 'classDenied':
      return {
        subject: `${className} is denied`,
        body: [
          { text: `${className} was reviewed and denied; it does not show on the Classes page.` },
          ...(data.feedback ? [{ text: `The admin's feedback: ${str(data, 'feedback')}` }] : []),
          {
            text: 'You can update it in My Classes and it will be reviewed again.',
            link: { label: 'My Classes', path: routes.myClasses },
          },
        ],
      };
    case 'feedback':
      return {
        subject: `New feedback on ${className}`,
        body: [
          { text: `An admin left feedback on ${className}:` },
          { text: str(data, 'feedback') },
          { text: 'It is also shown in My Classes.', link: { label: 'My Classes', path: routes.myClasses } },
        ],
      };
    case 'pickedUp': {
      const pickup = str(data, 'pickupName');
      const relationship = str(data, 'relationship');
      return {
        subject: `${camper} was picked up from ${className}`,
        body: [
          {
            text: `${camper} was picked up from ${className} at ${when('at')} by ${pickup}${relationship ? ` (${relationship})` : ''}.`,
          },
          {
            text: 'If you did not expect this, call the camp at once.',
          },
          {
            text: 'Their day is on My Enrolled Classes.',
            link: { label: 'My Enrolled Classes', path: '/dashboard/enrolled-classes' },
          },
        ],
      };
    }
    case 'classMessage':
      // The sender's words are plain text: kept as written here, escaped in the HTML part like every paragraph.
      return {
        subject: `${className}: ${str(data, 'subject')}`,
        body: [
          { text: `${str(data, 'senderName', 'Your instructor')} wrote to the families of ${className}:` },
          { text: str(data, 'message') },
          { text: 'It is also in your Messages.', link: { label: 'Messages', path: '/dashboard/messages' } },
        ],
      };
  }
}

/** A message's subject and its two parts, plain text and HTML, from its template and data. */
export function renderMail(template: MailTemplate, data: Data, ctx: RenderContext): RenderedMail {
  const { subject, body } = content(template, data, ctx);
  const site = ctx.siteUrl.replace(/\/$/, '');
  const text = [
    'Hello,',
    '',
    ...body.flatMap((p) => [p.link ? `${p.text}\n${site}${p.link.path}` : p.text, '']),
    'Sportify Camp',
    '',
  ].join('\n');
  const paragraphs = body
    .map(
      (p) =>
        `<p>${escapeHtml(p.text).replace(/\n/g, '<br>\n')}${p.link ? ` <a href="${escapeHtml(site + p.link.path)}">${escapeHtml(p.link.label)}</a>` : ''}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>Hello,</p>
${paragraphs}
<p>Sportify Camp</p>
</body></html>
`;
  return { subject, text, html };
}
