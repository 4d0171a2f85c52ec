/** An amount as the admin screens show prices: $ before it; cents only when there are any. */
export const dollars = (price: number) =>
  `$${price.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(price) ? 0 : 2, maximumFractionDigits: 2 })}`;
