/** Dollars as the screens write them: "$80", "$80.50", "-$10" (the API's amounts, never computed here). */
export const usd = (amount: number): string => {
  const abs = Math.abs(amount);
  const text = Number.isInteger(abs) ? String(abs) : abs.toFixed(2);
  return `${amount < 0 ? '-' : ''}$${text}`;
};
