// Set at build time (SPORTIFY_BUILD_LABEL, see @sportify/build); undefined outside webpack (jest).
declare const __BUILD_LABEL__: string | undefined;

/** A short label naming this build (e.g. a preview), shown only when one was set; normal builds render nothing. */
export function BuildLabel() {
  const label = typeof __BUILD_LABEL__ === 'string' ? __BUILD_LABEL__ : '';
  return label ? (
    <p role="note" aria-label="Build label">
      {label}
    </p>
  ) : null;
}
