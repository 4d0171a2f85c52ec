/** '$90', '$1,234.50', '-$12': an amount in dollars as the payment page, receipts and statements write it. */
export function usd(dollars: number): string {
  if (!Number.isFinite(dollars)) return '';
  const places = Number.isInteger(dollars) ? 0 : 2;
  const text = Math.abs(dollars).toLocaleString('en-US', {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  });
  return `${dollars < 0 ? '-' : ''}$${text}`;
}
