import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { BILLINGS, PLANS } from '@app/domain';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('gives one-port defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.join(REPO_ROOT, '.data'));
    expect(config.webRoot).toBe(REPO_ROOT);
    expect(config.mongodbUri).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.chatWidget).toBeNull();
    expect(config.remoteUrls).toEqual({});
    expect(config.corsOrigins).toEqual([]);
    // One API process per core (every-core.md).
    expect(config.webConcurrency).toBe(availableParallelism());
    expect(config.bodyLimit).toBe('1mb');
    expect(config.security.sessionTtlMs).toBe(30 * 24 * 3600 * 1000);
    expect(config.security.resetTokenTtlMs).toBe(3600 * 1000);
    expect(config.security.invitationTtlMs).toBe(7 * 24 * 3600 * 1000);
    expect(config.digestHour).toBe(8);
  });

  it('resolves the repository root from the package, whatever the current directory', () => {
    expect(path.basename(path.join(REPO_ROOT, 'api'))).toBe('api');
    expect(existsSync(path.join(REPO_ROOT, 'api', 'package.json'))).toBe(true);
    expect(loadConfig({ DATA_DIR: 'var/data' }).dataDir).toBe(path.join(REPO_ROOT, 'var/data'));
    expect(loadConfig({ DATA_DIR: '/srv/data' }).dataDir).toBe('/srv/data');
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://app.exemple.fr/' }).publicUrl).toBe('https://app.exemple.fr');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', 'PORT doit être un entier entre 1 et 65535 (reçu: abc)'],
    [{ PORT: '70000' }, 'PORT', 'PORT doit être un entier entre 1 et 65535 (reçu: 70000)'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL', 'PUBLIC_URL'],
    [{ MONGODB_URI: 'postgres://x' }, 'MONGODB_URI', 'MONGODB_URI'],
    [{ CORS_ORIGINS: 'https://a.fr,pas-une-url' }, 'CORS_ORIGINS', 'pas-une-url'],
    [{ CORS_ORIGINS: 'https://a.fr/chemin' }, 'CORS_ORIGINS', 'https://a.fr/chemin'],
    [{ REMOTE_URL_BILLING: 'billing' }, 'REMOTE_URL_BILLING', 'REMOTE_URL_BILLING'],
    [{ SMTP_URL: 'smtp://localhost:25' }, 'MAIL_FROM', 'MAIL_FROM est obligatoire'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL', 'SMTP_URL'],
    [{ MAIL_FROM: 'pas une adresse' }, 'MAIL_FROM', 'MAIL_FROM'],
    [{ STRIPE_SECRET_KEY: 'secret' }, 'STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'abc' }, 'STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_PRICE_GOLD_MONTHLY: 'price_1' }, 'STRIPE_PRICE_GOLD_MONTHLY', 'STRIPE_PRICE_GOLD_MONTHLY'],
    [
      { STRIPE_PRICE_MANAGER_MONTHLY: 'price 1' },
      'STRIPE_PRICE_MANAGER_MONTHLY',
      'STRIPE_PRICE_MANAGER_MONTHLY',
    ],
    [{ CHAT_WIDGET: 'crisp' }, 'CHAT_WIDGET_ID', 'CHAT_WIDGET_ID est obligatoire'],
    [{ CHAT_WIDGET: 'inconnu', CHAT_WIDGET_ID: 'x' }, 'CHAT_WIDGET_SCRIPT_URL', 'CHAT_WIDGET_SCRIPT_URL'],
    [{ GEOCODER_URL: 'adresse' }, 'GEOCODER_URL', 'GEOCODER_URL'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL', 'LOG_LEVEL'],
    [{ PASSWORD_HASH_COST: '1000' }, 'PASSWORD_HASH_COST', 'PASSWORD_HASH_COST'],
    [{ RATE_LIMIT_MAX_PER_IP: '-1' }, 'RATE_LIMIT_MAX_PER_IP', 'RATE_LIMIT_MAX_PER_IP'],
    [{ JSON_BODY_LIMIT: 'beaucoup' }, 'JSON_BODY_LIMIT', 'JSON_BODY_LIMIT'],
    [{ TRUST_PROXY: 'a;b' }, 'TRUST_PROXY', 'TRUST_PROXY'],
    [{ TRIAL_DAYS: '0' }, 'TRIAL_DAYS', 'TRIAL_DAYS doit être un nombre de jours'],
    [{ TRIAL_LICENCES: 'trois' }, 'TRIAL_LICENCES', 'TRIAL_LICENCES doit être un nombre de licences'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY', 'WEB_CONCURRENCY doit être un nombre de processus'],
    [{ WEB_CONCURRENCY: 'auto' }, 'WEB_CONCURRENCY', 'WEB_CONCURRENCY doit être un nombre de processus'],
    [
      { DIGEST_HOUR: '24' },
      'DIGEST_HOUR',
      'DIGEST_HOUR doit être une heure entière entre 0 et 23 (heure de Paris) (reçu: 24)',
    ],
    [{ DIGEST_HOUR: '7.5' }, 'DIGEST_HOUR', 'DIGEST_HOUR doit être une heure entière'],
    [{ DIGEST_HOUR: 'huit' }, 'DIGEST_HOUR', 'DIGEST_HOUR doit être une heure entière'],
    [{ DIGEST_HOUR: '-1' }, 'DIGEST_HOUR', 'DIGEST_HOUR doit être une heure entière'],
    [
      { AUDIT_RETENTION_DAYS: '0' },
      'AUDIT_RETENTION_DAYS',
      'AUDIT_RETENTION_DAYS doit être un nombre de jours entre 1 et 36500 (reçu: 0)',
    ],
    [
      { AUDIT_RETENTION_DAYS: 'un an' },
      'AUDIT_RETENTION_DAYS',
      'AUDIT_RETENTION_DAYS doit être un nombre de jours',
    ],
  ])('when %j is set, it fails naming %s', (env, variable, fragment) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).toContain(fragment);
  });

  it('reads every optional service variable', () => {
    const config = loadConfig({
      MONGODB_URI: 'mongodb://db:27017/prospection',
      SMTP_URL: 'smtps://user:pass@mail.exemple.fr:465',
      MAIL_FROM: 'Prospection <no-reply@exemple.fr>',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_INDIVIDUAL_MONTHLY: 'price_1',
      STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_2',
      CHAT_WIDGET: 'crisp',
      CHAT_WIDGET_ID: '1c2d3e4f-aaaa-bbbb-cccc-123456789abc',
      GEOCODER_URL: 'https://api-adresse.data.gouv.fr',
      REMOTE_URL_BILLING: 'https://billing.exemple.fr/mf-manifest.json',
      CORS_ORIGINS: 'https://billing.exemple.fr, http://localhost:3004',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '1',
    });
    expect(config.mongodbUri).toBe('mongodb://db:27017/prospection');
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.exemple.fr:465',
      from: 'Prospection <no-reply@exemple.fr>',
    });
    expect(config.stripe.prices).toEqual({ INDIVIDUAL_MONTHLY: 'price_1', ENTERPRISE_YEARLY: 'price_2' });
    expect(config.chatWidget).toEqual({
      provider: 'crisp',
      id: '1c2d3e4f-aaaa-bbbb-cccc-123456789abc',
      scriptUrl: 'https://client.crisp.chat/l.js',
    });
    expect(config.remoteUrls).toEqual({ billing: 'https://billing.exemple.fr/mf-manifest.json' });
    expect(config.corsOrigins).toEqual(['https://billing.exemple.fr', 'http://localhost:3004']);
    expect(config.logLevel).toBe('debug');
    expect(config.trustProxy).toBe(1);
  });

  it('lets CHAT_WIDGET_SCRIPT_URL override a known provider’s script', () => {
    const config = loadConfig({
      CHAT_WIDGET: 'crisp',
      CHAT_WIDGET_ID: 'abc',
      CHAT_WIDGET_SCRIPT_URL: 'https://cdn.exemple.fr/crisp.js',
    });
    expect(config.chatWidget?.scriptUrl).toBe('https://cdn.exemple.fr/crisp.js');
  });

  it('reads the variables of every section', () => {
    const config = loadConfig({
      COMPANY_REGISTRY_URL: 'https://registre.exemple.fr/',
      COMPANY_REGISTRY_RATE: '3',
      COMPANY_REGISTRY_TIMEOUT_MS: '900',
      COMPANY_REGISTRY_RETRIES: '0',
      IMPORT_START_GRACE_MS: '0',
      IMPORT_WORKERS: '3',
      FILE_READ_WORKERS: '2',
      MAP_TILE_URL: 'https://{s}.tuiles.exemple.fr/{z}/{x}/{y}.png',
      RENEWAL_LEAD_DAYS: '30',
      DIGEST_HOUR: '6',
      EXPORT_WORKERS: '0',
      TRIAL_DAYS: '30',
      TRIAL_LICENCES: '5',
      PASSWORD_HASH_COST: '2048',
      RATE_LIMIT_WINDOW_S: '60',
      RATE_LIMIT_MAX_PER_IP: '7',
      RATE_LIMIT_MAX_PER_EMAIL: '2',
      JSON_BODY_LIMIT: '2mb',
      WEB_CONCURRENCY: '3',
      AUDIT_RETENTION_DAYS: '730',
    });
    expect(config.webConcurrency).toBe(3);
    expect(config.auditRetentionDays).toBe(730);
    expect(config.companyRegistry).toEqual({
      url: 'https://registre.exemple.fr',
      ratePerSecond: 3,
      timeoutMs: 900,
      retries: 0,
    });
    expect(config.importStartGraceMs).toBe(0);
    expect(config.importWorkers).toBe(3);
    expect(config.fileReadWorkers).toBe(2);
    expect(config.mapTileUrl).toBe('https://{s}.tuiles.exemple.fr/{z}/{x}/{y}.png');
    expect(config.renewalLeadDays).toBe(30);
    expect(config.digestHour).toBe(6);
    expect(config.exportWorkers).toBe(0);
    expect(config.trial).toEqual({ days: 30, licences: 5 });
    expect(config.security.passwordHashCost).toBe(2048);
    expect(config.security.rateLimit).toEqual({ windowMs: 60_000, maxPerIp: 7, maxPerEmail: 2 });
    expect(config.bodyLimit).toBe('2mb');
  });

  it('knows one STRIPE_PRICE_<PLAN>_<PERIOD> per plan and billing period of domain', () => {
    const names = PLANS.flatMap((plan) =>
      BILLINGS.map((billing) => `STRIPE_PRICE_${plan.key.toUpperCase()}_${billing.toUpperCase()}`),
    );
    const config = loadConfig(Object.fromEntries(names.map((name, index) => [name, `price_${index}`])));
    expect(Object.keys(config.stripe.prices)).toHaveLength(PLANS.length * BILLINGS.length);
    expect(errorOf({ STRIPE_PRICE_INDIVIDUAL_WEEKLY: 'price_1' }).message).toContain(
      `STRIPE_PRICE_<${PLANS.map((plan) => plan.key.toUpperCase()).join('|')}>_<MONTHLY|YEARLY>`,
    );
  });

  describe('REMOTE_URL_<NAME>, one per entry of the web root’s remotes.json', () => {
    let web: string;
    beforeEach(() => {
      web = mkdtempSync(path.join(tmpdir(), 'config-web-'));
    });
    afterEach(() => rmSync(web, { recursive: true, force: true }));

    it('accepts a generated module’s name, a dash becoming an underscore', () => {
      writeFileSync(
        path.join(web, 'remotes.json'),
        JSON.stringify({ crm: { entry: '/remotes/crm/mf-manifest.json' }, 'customer-space': { module: {} } }),
      );
      const config = loadConfig({
        WEB_ROOT: web,
        REMOTE_URL_CRM: 'https://crm.exemple.fr/mf-manifest.json',
        REMOTE_URL_CUSTOMER_SPACE: 'https://espace.exemple.fr/mf-manifest.json',
      });
      expect(config.remoteUrls).toEqual({
        crm: 'https://crm.exemple.fr/mf-manifest.json',
        'customer-space': 'https://espace.exemple.fr/mf-manifest.json',
      });
      expect(config.variables).toMatchObject({
        REMOTE_URL_CRM: 'https://crm.exemple.fr/mf-manifest.json',
        REMOTE_URL_CUSTOMER_SPACE: 'https://espace.exemple.fr/mf-manifest.json',
      });
    });

    it('refuses a name the manifest does not hold, naming the variable', () => {
      writeFileSync(path.join(web, 'remotes.json'), JSON.stringify({ crm: {} }));
      const error = errorOf({ WEB_ROOT: web, REMOTE_URL_BILING: 'https://x.fr/mf-manifest.json' });
      expect(error.variable).toBe('REMOTE_URL_BILING');
      expect(error.message).toContain('ne correspond à aucune entrée de remotes.json (entrées : crm)');
    });

    it('takes the repository’s remotes when the web root has no remotes.json', () => {
      expect(
        loadConfig({ WEB_ROOT: web, REMOTE_URL_SETTINGS: '/ailleurs/mf-manifest.json' }).remoteUrls,
      ).toEqual({
        settings: '/ailleurs/mf-manifest.json',
      });
      // The committed crm card has no remote: there is nothing to move.
      expect(errorOf({ WEB_ROOT: web, REMOTE_URL_CRM: '/crm/mf-manifest.json' }).variable).toBe(
        'REMOTE_URL_CRM',
      );
    });
  });

  it('lists every variable it reads with its effective value for the start log, secrets hidden', () => {
    const { variables } = loadConfig({
      PORT: '8080',
      SMTP_URL: 'smtps://robot:s3cret@mail.exemple.fr:465',
      MAIL_FROM: 'robot@exemple.fr',
      MONGODB_URI: 'mongodb://admin:motdepasse@db:27017/prospection',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(variables).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      TRIAL_DAYS: 14,
      GEOCODER_URL: null,
      SMTP_URL: 'smtps://robot:***@mail.exemple.fr:465',
      MONGODB_URI: 'mongodb://admin:***@db:27017/prospection',
      STRIPE_SECRET_KEY: '***',
      STRIPE_WEBHOOK_SECRET: '***',
      STRIPE_PRICE_MANAGER_YEARLY: null,
      REMOTE_URL_BILLING: null,
    });
    expect(JSON.stringify(variables)).not.toMatch(/s3cret|motdepasse|sk_live_abc|whsec_abc/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', MONGODB_URI: ' ', REMOTE_URL_INCONNU: ' ' }).port).toBe(3000);
  });
});
