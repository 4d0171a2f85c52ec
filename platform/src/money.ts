// Money as the camp keeps and shows it. Prices are dollars with at most two decimals (the API's bounds); the payment
// provider counts cents. Two ways of writing an amount, both from the product: the specification's '{amount}$'
// (students' screens and e-mails) and '$1,234.50' (the cards, the payment page and the admins' tables).

/** The largest price a class may have, in dollars. */
export const PRICE_MAX = 10_000;

/** Dollars -> the provider's minor units (cents), rounded to the cent. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** The provider's minor units (cents) -> dollars. */
export const fromCents = (cents: number): number => cents / 100;

/** Whether an amount has at most two decimals (a whole number of cents). */
export const isWholeCents = (dollars: number): boolean => Math.abs(toCents(dollars) - dollars * 100) < 1e-6;

const digits = (dollars: number) => (Number.isInteger(dollars) ? 0 : 2);

/** '90$', '90.50$': the amount followed by a dollar sign, cents only when there are any; '' for no number. */
export function dollarsAfter(dollars: number): string {
  return Number.isFinite(dollars) ? `${dollars.toFixed(digits(dollars))}$` : '';
}

/**
 * '$90', '$1,234.50', '-$12': a dollar sign before the amount (after the minus of a credit or discount), grouped,
 * cents only when there are any; '' for no number. Grouped by hand rather than with Intl: the first number format a
 * page creates loads its locale data in one long task, and the class cards call this while the page hydrates.
 */
export function dollarsBefore(dollars: number): string {
  if (!Number.isFinite(dollars)) return '';
  const [whole, cents] = Math.abs(dollars).toFixed(digits(dollars)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${dollars < 0 ? '-' : ''}$${grouped}${cents === undefined ? '' : `.${cents}`}`;
}

/** What a receipt says was paid, line by line (label: value). */
export interface ReceiptLine {
  label: string;
  value: string;
}

/** A receipt's lines for a payment: the amount paid (dollars) and the provider's transaction. */
export function receiptLines({ amount, transactionId }: { amount: number; transactionId: string }): ReceiptLine[] {
  return [
    { label: 'Amount paid', value: dollarsAfter(amount) },
    { label: 'Transaction', value: transactionId },
  ];
}

/** A receipt line as a sentence of the e-mail: 'Amount paid: 90$'. */
export const receiptLineText = ({ label, value }: ReceiptLine): string => `${label}: ${value}`;
