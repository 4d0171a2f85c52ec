import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import type { AppStore } from '../store/store';
import { GlobalStyle } from '../theme/GlobalStyle';
import { theme } from '../theme/theme';

/** Store + theme + global styles; the shell and each remote's standalone bootstrap wrap their router in it. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </Provider>
  );
}
