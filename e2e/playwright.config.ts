import { defineConfig } from '@playwright/test';

// Debian's Chromium (browser downloads are not possible here); flags keep it off the network.
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  // Only a failing wait lasts this long: a first screen on a loaded CI machine (its remotes fetched,
  // the API tests beside it) has taken more than 10 s.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    headless: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
