// The OpenAPI document as a page module teams read: rendered on the server from the document itself,
// no script and nothing fetched from elsewhere, so it works offline and under the app's CSP.
import type { OpenApiDocument, OpenApiOperation } from './openapi';

const ACCESS_NAMES: Record<OpenApiOperation['x-access'], string> = {
  public: 'Public',
  session: 'Session',
  organisation: 'Organisation',
};

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escaped text where `code` spans become <code> and blank lines separate paragraphs. */
function paragraphs(text: string): string {
  return text
    .split('\n\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('\n');
}

function responseDescription(document: OpenApiDocument, response: Record<string, unknown>): string {
  const ref = response.$ref;
  if (typeof ref === 'string') {
    const name = ref.slice(ref.lastIndexOf('/') + 1);
    const shared = document.components.responses[name] as { description?: string } | undefined;
    return shared?.description ?? name;
  }
  return String(response.description ?? '');
}

function operationSection(document: OpenApiDocument, path: string, operation: OpenApiOperation): string {
  const schema = operation.requestBody.content['application/json'].schema;
  const permission = operation['x-permission'];
  const facts = [
    ['Accès', ACCESS_NAMES[operation['x-access']]],
    ['Permission', permission ? permission.labels.join(' ou ') : 'Aucune'],
    ['Licence', operation['x-requires-licence'] ? 'Requise' : 'Non'],
    ['Tentatives limitées', operation['x-rate-limited'] ? 'Oui' : 'Non'],
  ]
    .map(([term, value]) => `<dt>${escapeHtml(term ?? '')}</dt><dd>${escapeHtml(value ?? '')}</dd>`)
    .join('');
  const responses = Object.entries(operation.responses)
    .map(
      ([status, response]) =>
        `<li><code>${escapeHtml(status)}</code> ${escapeHtml(responseDescription(document, response))}</li>`,
    )
    .join('');
  return `<section id="${escapeHtml(operation.operationId)}">
<h3><span class="method">POST</span> <code>${escapeHtml(path)}</code></h3>
${paragraphs(operation.description)}
<dl>${facts}</dl>
<h4>Corps de la requête</h4>
<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>
<h4>Réponses</h4>
<ul>${responses}</ul>
</section>`;
}

export function renderOpenApiPage(document: OpenApiDocument): string {
  const byTag = new Map<string, [string, OpenApiOperation][]>();
  for (const [path, item] of Object.entries(document.paths)) {
    const tag = item.post.tags[0] ?? 'api';
    byTag.set(tag, [...(byTag.get(tag) ?? []), [path, item.post]]);
  }
  const contents = [...byTag]
    .map(
      ([tag, operations]) =>
        `<li>${escapeHtml(tag)}<ul>${operations
          .map(
            ([path, operation]) =>
              `<li><a href="#${escapeHtml(operation.operationId)}"><code>${escapeHtml(path)}</code></a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = [...byTag]
    .map(
      ([tag, operations]) =>
        `<h2>${escapeHtml(tag)}</h2>\n${operations
          .map(([path, operation]) => operationSection(document, path, operation))
          .join('\n')}`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} — contrat OpenAPI ${escapeHtml(document.openapi)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem 1.5rem; color: #1b1f24; }
code, pre { font-family: ui-monospace, monospace; font-size: 13px; }
pre { background: #f4f5f7; padding: .75rem; overflow-x: auto; max-height: 28rem; }
section { border-top: 1px solid #d0d4da; padding-top: .5rem; margin-top: 1.5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
.method { background: #0b5cad; color: #fff; padding: 0 .4rem; border-radius: 3px; font-size: 13px; }
</style>
</head>
<body>
<h1>${escapeHtml(document.info.title)} <small>version ${escapeHtml(document.info.version)}</small></h1>
${paragraphs(document.info.description)}
<p>Document OpenAPI ${escapeHtml(document.openapi)} : <a href="/api/openapi.json"><code>/api/openapi.json</code></a> (à donner à un générateur de client).</p>
<nav aria-label="Appels"><h2>Appels</h2><ul>${contents}</ul></nav>
<main>
${sections}
</main>
</body>
</html>
`;
}
