import 'styled-components';

// One palette and scale for every team, so four remotes still look like one site.
export const theme = {
  colors: {
    primary: '#0f766e',
    primaryDark: '#115e59',
    accent: '#f59e0b',
    text: '#1f2937',
    muted: '#6b7280',
    background: '#f8fafc',
    surface: '#ffffff',
    border: '#e5e7eb',
    danger: '#dc2626',
    dangerSurface: '#fee2e2',
    // Dark enough for text on white (4.5:1, WCAG AA).
    success: '#15803d',
    onPrimary: '#ffffff',
  },
  radius: { sm: '4px', md: '8px', lg: '16px', round: '9999px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    heading: "'Trebuchet MS', system-ui, sans-serif",
  },
  breakpoints: { md: '768px', xl: '1280px' },
  shadow: '0 2px 8px rgba(15, 23, 42, 0.08)',
} as const;

export type AppTheme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}

/** Media query helpers matching the grid steps of docs/product.md §9 (1 small, 2 medium, 3 extra large). */
export const media = {
  md: `@media (min-width: ${theme.breakpoints.md})`,
  xl: `@media (min-width: ${theme.breakpoints.xl})`,
};
