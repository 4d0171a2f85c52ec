// What the family sees of its account (dollars): the credit, what is still due, and the statement.

export interface DueInstallment {
  className: string;
  camperName?: string;
  n: number;
  of: number;
  amount: number;
  dueAt: Date;
  /** A charge of it failed (retried, or the family pays it now). */
  failed: boolean;
}

export interface AccountSummary {
  /** Account credit, usable on any later class. */
  credit: number;
  /** Installments still to be paid, in all. */
  due: number;
  /** Those installments, soonest first. */
  installments: DueInstallment[];
}

export interface StatementItem {
  _id: string;
  at: Date;
  kind: string;
  label: string;
  className: string;
  camperName?: string;
  /** Dollars, signed as the family owes: charges +, payments, discounts and credit used -, refunds and credit +. */
  amount: number;
  /** A payment's receipt (GET /account/receipts/{intentId}). */
  receipt?: string;
}
