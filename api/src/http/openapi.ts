// The OpenAPI 3.1 document of /api, generated from the route table: each route's body is the JSON
// Schema of the very zod schema the route validates with (zod's own z.toJSONSchema), its security,
// permission and licence come from the registry's declaration. docs/decisions/openapi.md.
import { EDIT_VERSION_MESSAGES, objectIdSchema, PERMISSIONS, STALE_VERSION_CODE } from '@app/domain';
import { z } from 'zod';
import type { RegisteredRoute } from './api-routes';
import type { PermissionRule } from './route-permissions';
import { AppError } from './app-error';
import { RATE_LIMITED_MESSAGE } from './rate-limit';
import { REDIRECT_STATUS } from './redirect';

export const OPENAPI_VERSION = '3.1.0';

type JsonSchema = Record<string, unknown>;

export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, JsonSchema>;
  'x-access': RegisteredRoute['access'];
  'x-permission'?: PermissionRule & { labels: string[] };
  'x-requires-licence': boolean | 'members';
  'x-rate-limited': boolean;
};

export type OpenApiDocument = {
  openapi: typeof OPENAPI_VERSION;
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, { post: OpenApiOperation }>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
  };
};

export const SESSION_SCHEME = 'session';

const ACCESS_LABELS: Record<RegisteredRoute['access'], string> = {
  public: 'Public : sans session.',
  session: 'Session : jeton de session obligatoire.',
  organisation:
    'Organisation : jeton de session et `organisationId` d’une organisation dont l’appelant est membre.',
};

/** A route that declares a schema JSON Schema cannot express (z.custom, z.date…) stops the build here. */
export class OpenApiSchemaError extends Error {
  constructor(path: string, cause: unknown) {
    super(
      `La route ${path} n’a pas de schéma représentable dans le document OpenAPI : ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'OpenApiSchemaError';
  }
}

/** `/api/invitation/join/:id` → `/api/invitation/join/{id}` and its parameter names. */
function openApiPath(path: string): { path: string; parameters: string[] } {
  const parameters: string[] = [];
  const converted = path.replace(/:(\w+)/g, (_match, name: string) => {
    parameters.push(name);
    return `{${name}}`;
  });
  return { path: converted, parameters };
}

function operationIdOf(path: string): string {
  return path
    .replace(/^\/api\//, '')
    .replace(/\/:\w+/g, '')
    .split('/')
    .map((part, index) => (index === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');
}

function tagOf(path: string): string {
  const segments = path.split('/');
  return segments.length > 3 ? (segments[2] ?? 'api') : 'account';
}

function bitLabel(bit: number): string {
  const permission = PERMISSIONS.find((candidate) => candidate.bit === bit);
  return permission ? `${permission.label} (${bit})` : `bit ${bit}`;
}

function permissionLabels(rule: PermissionRule): string[] {
  switch (rule.kind) {
    case 'bit':
      return [bitLabel(rule.bit)];
    case 'anyOf':
      return rule.bits.map(bitLabel);
    case 'member':
      return ['Tout membre de l’organisation'];
    case 'owner':
      return ['Le propriétaire de l’organisation'];
    case 'ownerOrBit':
      return ['Le propriétaire de l’organisation', bitLabel(rule.bit)];
  }
}

function permissionSentence(rule: PermissionRule): string {
  const labels = permissionLabels(rule);
  if (rule.kind === 'bit') return `Permission requise : ${labels[0]}.`;
  if (rule.kind === 'anyOf') return `Permission requise : l’une de ${labels.join(', ')}.`;
  if (rule.kind === 'ownerOrBit') return `Réservé au propriétaire, ou permission ${labels[1]}.`;
  return `Réservé à : ${labels[0]}.`;
}

/**
 * The JSON Schema of one body. Sub-schemas zod puts under `$defs` (recursive or named ones) move to
 * components.schemas, since a `#/$defs` reference would resolve against the whole document.
 */
function bodySchema(
  route: RegisteredRoute,
  operationId: string,
  shared: Record<string, JsonSchema>,
): JsonSchema {
  let generated: JsonSchema;
  try {
    generated = z.toJSONSchema(route.body, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
  } catch (error) {
    throw new OpenApiSchemaError(route.path, error);
  }
  const { $schema: _dialect, $defs, ...schema } = generated;
  const moved = <T>(value: T): T =>
    JSON.parse(
      JSON.stringify(value).replace(
        /"#\/\$defs\/([^"]+)"/g,
        (_match, name: string) => `"#/components/schemas/${operationId}_${name}"`,
      ),
    ) as T;
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
    shared[`${operationId}_${name}`] = moved(definition);
  return withEnvelope(route, moved(schema));
}

/** What every call's body carries besides its own fields: the token (or the header) and organisationId. */
function withEnvelope(route: RegisteredRoute, schema: JsonSchema): JsonSchema {
  const extra: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (route.access !== 'public') {
    extra.token = {
      type: 'string',
      description: 'Jeton de session ; à défaut, l’en-tête `Authorization: Bearer <jeton>`.',
    };
  }
  if (route.access === 'organisation') {
    const { $schema: _dialect, ...objectId } = z.toJSONSchema(objectIdSchema) as JsonSchema;
    extra.organisationId = { ...objectId, description: 'Organisation dans laquelle l’appel agit.' };
    required.push('organisationId');
  }
  if (Object.keys(extra).length === 0) return schema;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type === 'object' && properties && !('allOf' in schema)) {
    const own = (schema.required as string[] | undefined) ?? [];
    return {
      ...schema,
      properties: { ...extra, ...properties },
      ...(own.length + required.length > 0 ? { required: [...required, ...own] } : {}),
    };
  }
  return {
    allOf: [schema, { type: 'object', properties: extra, ...(required.length > 0 ? { required } : {}) }],
  };
}

const errorRef = (description: string, example: { message: string; code: string }): JsonSchema => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Erreur' }, example } },
});

const COMMON_RESPONSES: Record<string, JsonSchema> = {
  Invalide: errorRef('Corps invalide (le message nomme le champ).', {
    message: 'Requête invalide : le champ « email » est obligatoire',
    code: 'BAD_REQUEST',
  }),
  NonConnecte: errorRef('Jeton absent, inconnu, expiré ou révoqué.', {
    message: AppError.unauthenticated().message,
    code: 'UNAUTHENTICATED',
  }),
  Interdit: errorRef('L’appelant n’est pas membre de l’organisation ou son rôle n’a pas la permission.', {
    message: AppError.forbidden().message,
    code: 'FORBIDDEN',
  }),
  TropVolumineux: errorRef('Corps au-delà de la limite de la route.', {
    message: 'Requête trop volumineuse',
    code: 'PAYLOAD_TOO_LARGE',
  }),
  TropDeTentatives: errorRef('Limite de tentatives atteinte (par adresse IP et par adresse e-mail).', {
    message: RATE_LIMITED_MESSAGE,
    code: 'RATE_LIMITED',
  }),
  Redirection: {
    description: 'Le client doit naviguer vers `redirect` (membre sans licence : `/dashboard/nosub`).',
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/Redirection' },
        example: { redirect: '/dashboard/nosub' },
      },
    },
  },
  VersionPerimee: {
    description:
      'Le document a changé depuis la `version` envoyée : rien n’est modifié ; la réponse porte aussi le document actuel (`opportunity`, avec `version`, `modifiedAt`, `modifiedBy`). docs/decisions/edit-conflicts.md.',
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/Erreur' },
            { type: 'object', properties: { opportunity: { type: 'object' } }, required: ['opportunity'] },
          ],
        },
        example: {
          message: EDIT_VERSION_MESSAGES.staleOpportunity,
          code: STALE_VERSION_CODE,
          opportunity: {},
        },
      },
    },
  },
  ErreurInterne: errorRef('Erreur inattendue, journalisée avec l’identifiant de la requête.', {
    message: 'Erreur interne du serveur, veuillez réessayer plus tard',
    code: 'INTERNAL',
  }),
};

const responseRef = (name: keyof typeof COMMON_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

function responsesOf(route: RegisteredRoute): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {
    '200': {
      description: 'Réponse de l’appel (SPEC.md §7), en JSON.',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
    '400': responseRef('Invalide'),
  };
  if (route.requiresLicence) responses[String(REDIRECT_STATUS)] = responseRef('Redirection');
  if (route.access !== 'public') responses['401'] = responseRef('NonConnecte');
  if (route.access === 'organisation') responses['403'] = responseRef('Interdit');
  // The edit calls that take an optional `version` (optimistic concurrency).
  if (route.bodyKeys.includes('version')) responses['409'] = responseRef('VersionPerimee');
  responses['413'] = responseRef('TropVolumineux');
  if (route.rateLimited) responses['429'] = responseRef('TropDeTentatives');
  responses['500'] = responseRef('ErreurInterne');
  return responses;
}

/** Routes with a session accept an idempotency key (docs/decisions/offline-day.md). */
const IDEMPOTENCY_PARAMETER: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Clé choisie par le client (UUID conseillé, 8 à 128 caractères [A-Za-z0-9_-]) : une requête répétée avec la même clé, par le même utilisateur dans la même organisation, pendant 24 h, n’est pas appliquée de nouveau ; la réponse conservée est rejouée (en-tête `Idempotent-Replayed: true`). 409 tant que la première est en cours, 422 si la clé a servi pour une autre requête.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
};

function operationOf(
  route: RegisteredRoute,
  parameters: string[],
  shared: Record<string, JsonSchema>,
): OpenApiOperation {
  const operationId = operationIdOf(route.path);
  const description = [
    ACCESS_LABELS[route.access],
    route.permission ? permissionSentence(route.permission) : null,
    route.requiresLicence === 'members'
      ? `Licence requise, sauf pour le propriétaire : sans licence, réponse ${REDIRECT_STATUS} vers /dashboard/nosub.`
      : route.requiresLicence
        ? `Licence requise : sans licence, réponse ${REDIRECT_STATUS} vers /dashboard/nosub.`
        : null,
    route.rateLimited ? 'Nombre de tentatives limité par adresse IP et par adresse e-mail.' : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n\n');
  return {
    operationId,
    tags: [tagOf(route.path)],
    summary: `POST ${route.path}`,
    description,
    security: route.access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }],
    ...(parameters.length > 0 || route.access !== 'public'
      ? {
          parameters: [
            ...parameters.map((name) => ({
              name,
              in: 'path',
              required: true,
              schema: { type: 'string' },
            })),
            ...(route.access === 'public' ? [] : [IDEMPOTENCY_PARAMETER]),
          ],
        }
      : {}),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: bodySchema(route, operationId, shared) } },
    },
    responses: responsesOf(route),
    'x-access': route.access,
    ...(route.permission
      ? { 'x-permission': { ...route.permission, labels: permissionLabels(route.permission) } }
      : {}),
    'x-requires-licence': route.requiresLicence,
    'x-rate-limited': route.rateLimited,
  };
}

/** The whole document, in the table's order (the order the modules register their routes). */
export function buildOpenApiDocument(
  routes: readonly RegisteredRoute[],
  options: { version: string; serverUrl: string },
): OpenApiDocument {
  const shared: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const route of routes) {
    const { path, parameters } = openApiPath(route.path);
    const operation = operationOf(route, parameters, shared);
    paths[path] = { post: operation };
    for (const tag of operation.tags) if (!tags.includes(tag)) tags.push(tag);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'API Prospection',
      version: options.version,
      description: [
        'Chaque appel est un POST avec un corps JSON. Le jeton de session voyage dans le corps (`token`) ou dans l’en-tête `Authorization: Bearer` ; les appels d’une organisation portent `organisationId`.',
        `Succès : 2xx en JSON. Statut ${REDIRECT_STATUS} avec \`{ redirect }\` : le client navigue vers ce chemin. Erreurs : 4xx/5xx avec \`{ message, code }\`, \`message\` en français à montrer tel quel, jamais de trace.`,
        'Document généré à partir des schémas zod du paquet `domain` avec lesquels chaque route valide son corps.',
      ].join('\n\n'),
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: options.serverUrl }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'Jeton de session reçu de /api/login (ou envoyé dans le corps sous `token`).',
        },
      },
      schemas: {
        Erreur: {
          type: 'object',
          required: ['message', 'code'],
          properties: {
            message: { type: 'string', description: 'Message en français, à montrer tel quel.' },
            code: {
              type: 'string',
              description: 'Code stable pour les programmes (BAD_REQUEST, FORBIDDEN…).',
            },
          },
        },
        Redirection: {
          type: 'object',
          required: ['redirect'],
          properties: { redirect: { type: 'string', description: 'Chemin de l’application.' } },
        },
        ...shared,
      },
      responses: COMMON_RESPONSES,
    },
  };
}
