import { fromCents, toCents } from '@sportify/platform/money';
import type { StoredQuote } from './settlement.model';

// What a seat costs (docs/product.md §P): the price, its discounts in order (early-bird, sibling, code), account
// credit, and how it is paid (in full, or a deposit and installments). The server computes every amount; the
// browser shows these lines as they are. Amounts are cents.

/** What a seat costs in full, in cents: the check of intents opened before there were breakdowns. */
export const amountDue = (cls: { price: number }): number => toCents(cls.price);

/** The smallest card charge the provider takes; credit leaves at least this much for the card, or nothing. */
export const CARD_MINIMUM_CENTS = 50;
/** A plan's last installment is due this many days before the class starts. */
export const PLAN_ENDS_DAYS_BEFORE = 7;
const DAY_MS = 86_400_000;

export type LineKind = 'price' | 'earlyBird' | 'sibling' | 'code' | 'credit' | 'total';

/** One line of the price breakdown, as the payment page, the receipt and the payments list show it. */
export interface PriceLine {
  kind: LineKind;
  label: string;
  /** Cents; discounts and credit are negative. */
  cents: number;
}

export type PlanChoice = 'full' | 'deposit';

export interface InstallmentDue {
  dueAt: Date;
  cents: number;
}

/** A seat's price (the ledger row keeps it as it is: settlement.model.ts), with its lines' and plan's kinds. */
export interface Quote extends StoredQuote {
  plan: PlanChoice;
  installments?: InstallmentDue[];
  lines: PriceLine[];
}

/** What the quote is computed from: the class as stored, and what the server found out about the family. */
export interface QuoteInput {
  cls: {
    price: number;
    earlyBirdPrice?: number;
    earlyBirdUntil?: string;
    deposit?: number;
    installments?: number;
    startDate?: Date;
  };
  /** Today in the camp's time zone (YYYY-MM-DD), and the camp's now. */
  today: string;
  now: Date;
  /** Percent, when another camper of the family is enrolled in the class or in a class of the same week. */
  siblingPercent?: number;
  code?: { code: string; kind: 'percent' | 'amount'; value: number };
  /** Credit the family chose to use: what it has (cents). */
  creditAvailable?: number;
  plan: PlanChoice;
}

/** The plan a class offers for `total` cents after discounts, from `now`; null when it offers none. */
export function planFor(
  cls: QuoteInput['cls'],
  totalCents: number,
  now: Date,
): { depositCents: number; installments: InstallmentDue[] } | null {
  if (cls.deposit === undefined || !cls.installments || !cls.startDate) return null;
  const deposit = toCents(cls.deposit);
  const end = cls.startDate.getTime() - PLAN_ENDS_DAYS_BEFORE * DAY_MS;
  const n = cls.installments;
  if (end <= now.getTime() || deposit >= totalCents) return null;
  // Even payments: the cents that do not divide go on the deposit, so every installment is the same amount.
  const each = Math.floor((totalCents - deposit) / n);
  const span = end - now.getTime();
  return {
    depositCents: totalCents - each * n,
    installments: Array.from({ length: n }, (_, i) => ({
      dueAt: new Date(now.getTime() + Math.round((span * (i + 1)) / n)),
      cents: each,
    })),
  };
}

export function quote(input: QuoteInput): Quote {
  const { cls } = input;
  const priceCents = toCents(cls.price);
  const earlyBird =
    cls.earlyBirdPrice !== undefined && cls.earlyBirdUntil && input.today <= cls.earlyBirdUntil
      ? Math.max(0, priceCents - toCents(cls.earlyBirdPrice))
      : 0;
  let left = priceCents - earlyBird;
  const sibling = input.siblingPercent ? Math.round((left * input.siblingPercent) / 100) : 0;
  left -= sibling;
  const code = !input.code
    ? 0
    : input.code.kind === 'percent'
      ? Math.round((left * input.code.value) / 100)
      : Math.min(left, toCents(input.code.value));
  left -= code;

  const plan = input.plan === 'deposit' ? planFor(cls, left, input.now) : null;
  const dueNow = plan ? plan.depositCents : left;
  let credit = Math.min(input.creditAvailable ?? 0, dueNow);
  // The card pays at least the provider's minimum, or nothing; a plan always needs the card, to save it.
  const floor = plan ? CARD_MINIMUM_CENTS : 1;
  if (dueNow - credit > 0 && dueNow - credit < CARD_MINIMUM_CENTS) credit = Math.max(0, dueNow - CARD_MINIMUM_CENTS);
  if (plan && dueNow - credit < floor) credit = Math.max(0, dueNow - floor);

  const lines: PriceLine[] = [{ kind: 'price', label: 'Price', cents: priceCents }];
  if (earlyBird) lines.push({ kind: 'earlyBird', label: 'Early-bird', cents: -earlyBird });
  if (sibling) lines.push({ kind: 'sibling', label: `Sibling discount (${input.siblingPercent}%)`, cents: -sibling });
  if (code) lines.push({ kind: 'code', label: `Code ${input.code!.code}`, cents: -code });
  if (credit) lines.push({ kind: 'credit', label: 'Credit used', cents: -credit });
  lines.push({ kind: 'total', label: 'Total', cents: left - credit });

  return {
    priceCents,
    earlyBirdCents: earlyBird,
    siblingCents: sibling,
    ...(sibling ? { siblingPercent: input.siblingPercent } : {}),
    codeCents: code,
    ...(input.code && code ? { code: input.code.code } : {}),
    creditCents: credit,
    totalCents: left - credit,
    plan: plan ? 'deposit' : 'full',
    cardNowCents: dueNow - credit,
    ...(plan ? { depositCents: plan.depositCents, installments: plan.installments } : {}),
    lines,
  };
}

/** The lines in dollars, as the API answers them. */
export const linesInDollars = (lines: { kind: string; label: string; cents: number }[]) =>
  lines.map((l) => ({ kind: l.kind, label: l.label, amount: fromCents(l.cents) }));

/**
 * The week a dated class belongs to, for the sibling discount: the Monday (YYYY-MM-DD) of its start day in the
 * camp's time zone.
 */
export function weekOf(startDay: string): string {
  const [y, m, d] = startDay.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return monday.toISOString().slice(0, 10);
}
