import { defineConfig } from '@playwright/test';
import path from 'node:path';
import base from './playwright.config';

// The same journeys' setup against `npm run start:scaled`: two API replicas behind nginx as the API origin.
export default defineConfig({
  ...base,
  projects: [{ name: 'scaled', testMatch: /scaled\.spec\.ts/ }],
  webServer: { ...base.webServer, command: `node ${path.resolve(__dirname, 'start-fresh.mjs')} --scaled` },
});
