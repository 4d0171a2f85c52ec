// The camp's waiver: an admin publishes versions (each immutable), and a family signs the current one for each camper
// before paying (docs/families.md, Waivers). A signature keeps the text as signed.

export interface WaiverVersion {
  _id: string;
  /** 1, 2, ...: each publication is the next one. */
  version: number;
  title: string;
  text: string;
  publishedAt: Date;
  /** The admin's e-mail. */
  publishedBy: string;
}

export interface WaiverSignature {
  _id: string;
  version: number;
  /** The waiver as signed: the version's title and text, copied. */
  title: string;
  text: string;
  /** The family's account, which signed. */
  accountEmail: string;
  camperId: string;
  /** The camper's name when signed: the record stays readable if the camper is removed. */
  camperName: string;
  /** The full name the signer typed. */
  typedName: string;
  signedAt: Date;
}

/** What the family sees of its own signatures (no copy of the text: the current version is beside it). */
export type SignatureView = Pick<
  WaiverSignature,
  '_id' | 'version' | 'camperId' | 'camperName' | 'typedName' | 'signedAt'
>;

/** What admins list (the text stays in the document they download). */
export type SignatureListItem = SignatureView & Pick<WaiverSignature, 'title' | 'accountEmail'>;

/** One camper of the family and the waiver: the version they signed last, and whether it is the current one. */
export interface CamperWaiver {
  camperId: string;
  camperName: string;
  signedVersion: number | null;
  signedAt: Date | null;
  /** Signed the current version (true when no waiver is published: nothing to sign). */
  upToDate: boolean;
}

/** On a roster row: `null` when nothing is asked (no waiver published, or an account holder enrolled for itself). */
export type WaiverState = 'signed' | 'missing' | null;

export const WAIVER_TITLE_MAX = 120;
export const WAIVER_TEXT_MAX = 20_000;
export const SIGNER_NAME_MAX = 80;
