// The Element Timing attribute (https://wicg.github.io/element-timing/): React passes it through to the DOM, its
// types do not list it yet. `npm run bench:home` reads when the first class card was painted from it.
import 'react';

declare module 'react' {
  // Merged declarations keep React's type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
