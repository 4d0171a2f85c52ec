// Stripe's documented test card numbers and what each does, so the sandbox behaves like Stripe in test mode.

export interface CardDecline {
  code: string;
  declineCode?: string;
  message: string;
}

const SUCCEEDS = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '378282246310005', // American Express
  '6011111111111117', // Discover
]);

/**
 * Cards for payment plans: 4000 0025 0000 3155 asks for authentication once, when it is saved with the family there
 * (the sandbox takes that as done), then pays off-session; 4000 0027 6000 3184 asks for it on every charge, so each
 * off-session charge needs the family (`authentication_required`).
 */
const SAVED_FOR_LATER = new Set(['4000002500003155', '4000002760003184']);
const NEEDS_CUSTOMER_OFF_SESSION = new Set(['4000002760003184']);

const DECLINES: Record<string, CardDecline> = {
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  '4000000000009979': { code: 'card_declined', declineCode: 'stolen_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Null when the card pays; otherwise the decline Stripe would give for it. */
export function checkTestCard(card: TestCard, now = new Date()): CardDecline | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) {
    return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (card.expMonth < 1 || card.expMonth > 12)
    return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  if (year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1)) {
    return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) return { code: 'invalid_cvc', message: "Your card's security code is invalid." };
  if (DECLINES[number]) return DECLINES[number];
  if (SUCCEEDS.has(number) || SAVED_FOR_LATER.has(number)) return null;
  return {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. Use a test card such as 4242 4242 4242 4242.',
  };
}

/** The digits of a card number as typed. */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

/**
 * What charging a saved test card without the family does: null when it pays, a decline as Stripe gives it, or
 * `needs_customer` for a card whose bank wants the cardholder every time.
 */
export function offSessionRefusal(number: string): CardDecline | 'needs_customer' | null {
  const digits = cardDigits(number);
  if (NEEDS_CUSTOMER_OFF_SESSION.has(digits)) return 'needs_customer';
  return DECLINES[digits] ?? null;
}
