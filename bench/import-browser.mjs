// The prospect import in Chromium, through the real import modal of the built one-port app: a fresh
// user, a generated Windows-1252 ';' file (what Excel writes in France), the three steps, the summary.
// Used by `node bench/import.mjs --browser`.
/* global document, window, HTMLInputElement */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// 1M rows are accepted by the modal; their upload takes minutes on this machine.
const STEP_TIMEOUT_MS = 15 * 60_000;

// Windows-1252's 0x80–0x9F characters; the rest of its upper half is Latin-1.
const HIGH_PLANE = new Map(
  [
    ['€', 0x80],
    ['‚', 0x82],
    ['ƒ', 0x83],
    ['„', 0x84],
    ['…', 0x85],
    ['†', 0x86],
    ['‡', 0x87],
    ['ˆ', 0x88],
    ['‰', 0x89],
    ['Š', 0x8a],
    ['‹', 0x8b],
    ['Œ', 0x8c],
    ['Ž', 0x8e],
    ['‘', 0x91],
    ['’', 0x92],
    ['“', 0x93],
    ['”', 0x94],
    ['•', 0x95],
    ['–', 0x96],
    ['—', 0x97],
    ['˜', 0x98],
    ['™', 0x99],
    ['š', 0x9a],
    ['›', 0x9b],
    ['œ', 0x9c],
    ['ž', 0x9e],
    ['Ÿ', 0x9f],
  ].map(([char, byte]) => [char.charCodeAt(0), byte]),
);

/** Encodes one line (ASCII fast path) into `target` at `at`; returns the new end. */
function encodeWindows1252Into(text, target, at) {
  let end = at;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const byte = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : HIGH_PLANE.get(code);
    if (byte === undefined) throw new Error(`caractère absent de Windows-1252 : ${text[index]}`);
    target[end] = byte;
    end += 1;
  }
  return end;
}

const csvCell = (value) => (/[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The whole file as Windows-1252 bytes: header, `size` rows, CRLF. */
export function windows1252Csv(size, columns, cells) {
  const lines = [columns.map(csvCell).join(';')];
  for (let index = 0; index < size; index += 1) lines.push(cells(index).map(csvCell).join(';'));
  const text = `${lines.join('\r\n')}\r\n`;
  const bytes = Buffer.allocUnsafe(text.length);
  return bytes.subarray(0, encodeWindows1252Into(text, bytes, 0));
}

async function signUp(baseUrl) {
  const response = await fetch(`${baseUrl}/api/fastRegister`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `banc.navigateur.${Date.now()}@exemple.fr`,
      password: 'Motdepasse1',
      username: 'Banc Navigateur',
      raisonSocial: 'Société de mesure',
      fonction: 'Commerciale',
      phone: '0612345678',
    }),
  });
  const body = await response.json();
  if (!response.ok || !body.token)
    throw new Error(`inscription impossible : ${body.message ?? response.status}`);
  return body.token;
}

/**
 * Resolves with the page's clock once the import dialog shows an enabled button `{ button }` or
 * holds `{ text }` (checked on every animation frame; the page's CSP forbids evaluating strings).
 */
async function pageTimeWhen(page, wanted) {
  const handle = await page.waitForFunction(
    ({ button, text }) => {
      const dialog = document.querySelector('[role="dialog"]');
      if (!dialog) return false;
      const holds = button
        ? [...dialog.querySelectorAll('button')].some(
            (element) => element.textContent?.trim() === button && !element.disabled,
          )
        : (dialog.textContent ?? '').includes(text);
      return holds ? performance.now() : false;
    },
    wanted,
    { timeout: STEP_TIMEOUT_MS },
  );
  return handle.jsonValue();
}

const seconds = (from, to) => Number(((to - from) / 1000).toFixed(2));

/**
 * Imports a `size`-row file through the modal and returns, from the moment the file is picked:
 * `parseSeconds` until the mapping step (step 3) is usable, `readySeconds` until the summary says the
 * import is done; plus the steps in between and where the file was parsed (worker or page).
 */
export async function measureBrowserImport(baseUrl, size, { columns, cells }) {
  const token = await signUp(baseUrl);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-browser-'));
  const file = path.join(dir, `prospects-${size}.csv`);
  const bytes = windows1252Csv(size, columns, cells);
  writeFileSync(file, bytes);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    await context.addInitScript((value) => {
      window.localStorage.setItem('token', value);
      // The moment the user's pick reaches the page.
      document.addEventListener(
        'change',
        (event) => {
          if (event.target instanceof HTMLInputElement && event.target.type === 'file')
            window.__filePickedAt = performance.now();
        },
        true,
      );
    }, token);
    const page = await context.newPage();
    const workers = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    await page.goto(`${baseUrl}/dashboard/prospect/list`);
    await page.getByRole('button', { name: 'Ajouter un fichier' }).click();
    await page.getByRole('menuitem', { name: 'Importer un fichier Excel' }).click();
    const modal = page.getByRole('dialog', { name: 'Importer un fichier' });
    await modal.getByLabel('Fichier (.csv ou .xlsx)').setInputFiles(file);

    const parsedAt = await pageTimeWhen(page, { button: 'Suivant' });
    const pickedAt = await page.evaluate(() => window.__filePickedAt);
    await modal.getByRole('button', { name: 'Suivant' }).click();
    await modal.getByLabel('Titre').fill(`Banc ${size} lignes`);
    await modal.getByLabel('Tout le monde').check();
    await modal.getByRole('button', { name: 'Suivant' }).click();
    const mappingAt = await pageTimeWhen(page, { button: 'Importer' });
    // As the HTTP run (duplicates: 'keep'): every row of the file is stored, whatever it repeats.
    await modal.getByLabel('Importer aussi les doublons').check();
    // The duplicates and rejections pre-count over every row, before the user decides.
    const preCountAt = await pageTimeWhen(page, { text: 'Le fichier contient' });
    const importClickedAt = await page.evaluate(() => performance.now());
    await modal.getByRole('button', { name: 'Importer' }).click();
    const doneAt = await pageTimeWhen(page, { text: 'Import terminé' });

    const imported = await modal
      .locator('dt', { hasText: /^Lignes importées$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent();
    if (Number((imported ?? '').replace(/\D/g, '')) !== size)
      throw new Error(`import incomplet dans Chromium : ${imported} / ${size}`);

    return {
      parseSeconds: seconds(pickedAt, mappingAt),
      readySeconds: seconds(pickedAt, doneAt),
      fileReadSeconds: seconds(pickedAt, parsedAt),
      preCountSeconds: seconds(mappingAt, preCountAt),
      uploadSeconds: seconds(importClickedAt, doneAt),
      fileMb: Number((bytes.length / 1e6).toFixed(1)),
      parsedIn: workers.some((url) => /import-parse-worker/.test(url)) ? 'worker' : 'page',
    };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
