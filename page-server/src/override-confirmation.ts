import type { ServerResponse } from 'node:http';
import { escapeHtml } from '@sportify/platform/html';
import type { Override } from './override-target.js';

/** The policy of the confirmation page: nothing runs, it cannot be framed, and its form posts here only. */
const CONFIRM_POLICY = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The page an admin confirms an override on: what would load, from where, and a form with its token. */
export function sendConfirmation(res: ServerResponse, override: Override, token: string, formAction: string): void {
  const origin = new URL(override.url).origin;
  const field = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', CONFIRM_POLICY);
  res.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Load a remote from elsewhere? - Sportify Camp</title></head>
<body>
<main>
<h1>Load a remote from elsewhere?</h1>
<p>This browser would run <strong>${escapeHtml(override.remote)}</strong> from another server instead of its live release, with your session, for up to 12 hours.</p>
<dl>
<dt>Remote</dt><dd id="override-remote">${escapeHtml(override.remote)}</dd>
<dt>Manifest URL</dt><dd id="override-url">${escapeHtml(override.url)}</dd>
<dt>Its code comes from</dt><dd id="override-origin"><strong>${escapeHtml(origin)}</strong></dd>
</dl>
<p>Continue only if you asked for this link and you trust ${escapeHtml(origin)}.</p>
<form method="post" action="${formAction}">
${field('remote', override.remote)}
${field('url', override.url)}
${field('token', token)}
<button type="submit">Load ${escapeHtml(override.remote)} from ${escapeHtml(origin)}</button>
</form>
<p><a href="/">Cancel</a></p>
</main>
</body>
</html>
`);
}
