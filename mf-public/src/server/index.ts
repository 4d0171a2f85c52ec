// mf-public's server-side first views: the entry of dist/server/first-view.cjs (webpack.config.js), loaded by
// scripts/lib/server-views.mjs. The public path comes first, before any module that makes an asset URL.
import './publicPath';

export { renderFirstView, type FirstView } from './renderFirstView';
