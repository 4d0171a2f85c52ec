/**
 * Ends the current task: what follows runs in a later one, so the page can paint and answer input in between.
 * Dependency-free: index.ts uses it before the shared libraries are negotiated.
 */
export const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
