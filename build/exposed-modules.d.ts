// The module a remote's build gives its standalone start-up (plugins/exposed-modules.js): each module the remote's
// federation.config.js exposes, by name, imported when first called. A remote's tsconfig lists it in `types`.
declare module 'virtual:exposed-modules' {
  const modules: Readonly<Record<string, () => Promise<{ default: import('react').ComponentType }>>>;
  export default modules;
}
