// The signed waiver as the admins download it: a plain-text file with the text as signed, who signed it for whom,
// and when (in the camp's time zone, and as an exact UTC instant).
import { campDateText } from '@sportify/platform/dates';
import type { WaiverSignature } from './waiver.model';

export function waiverDocument(s: WaiverSignature, timeZone: string): { filename: string; body: string } {
  const slug =
    s.camperName
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'camper';
  const body = [
    s.title,
    `Version ${s.version}`,
    '',
    s.text,
    '',
    '---',
    `Camper: ${s.camperName}`,
    `Signed by: ${s.typedName} (typed name), account ${s.accountEmail}`,
    `Signed on: ${campDateText(s.signedAt, timeZone)} (${s.signedAt.toISOString()})`,
    'The signer ticked "I agree to this waiver".',
    `Signature record: ${s._id}`,
    '',
  ].join('\r\n');
  return { filename: `waiver-${slug}-v${s.version}.txt`, body };
}
