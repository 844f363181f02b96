import { signUpThroughApi, type TestUser } from './session';
import { mailsTo, waitForMailLink } from './outbox';

export type Caller = { token: string; organisationId: string };

/** One POST to the API, as the screens make it; throws with the server's message on a refusal. */
export async function callApi<T>(baseUrl: string, path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${path} : ${response.status} ${json.message ?? ''}`);
  return json;
}

export type WorkedFile = {
  user: TestUser;
  caller: Caller;
  excelId: string;
  opportunityId: string;
  callApi: <T>(path: string, body: Record<string, unknown>) => Promise<T>;
};

/** A small worked file (two prospects, one made an opportunity and commented) for the screen audits. */
export const WORKED_FILE = {
  name: 'Salon des crèches 2026',
  value: { prospect: 'Raison sociale', codePostale: 'CP', ville: 'Ville', telephone: 'Tél' },
  rows: [
    { 'Raison sociale': 'Crèche Les Lucioles', CP: '01000', Ville: 'Bourg-en-Bresse', Tél: '0474123456' },
    { 'Raison sociale': 'Café du Port', CP: '29200', Ville: 'Brest', Tél: '0298000000' },
  ],
  comment: 'Premier appel, rappeler jeudi',
};

/**
 * A new user whose organisation has an imported file (`rows`, mapped with `value`), its first
 * prospect made into an opportunity, and `comment` posted on it with the first status.
 */
export async function seedWorkedFile(
  baseUrl: string,
  file: { name: string; value: Record<string, string>; rows: Record<string, string>[]; comment: string },
): Promise<WorkedFile> {
  const api = <T>(path: string, body: Record<string, unknown>) => callApi<T>(baseUrl, path, body);
  const user = await signUpThroughApi(baseUrl);
  const { organisations } = await api<{ organisations: { _id: string }[] }>('/api/organisation/get', {
    token: user.token,
  });
  const caller = { token: user.token, organisationId: organisations[0]?._id ?? '' };
  const { excelId } = await api<{ excelId: string }>('/api/prospect/load', {
    ...caller,
    name: file.name,
    isPrivate: false,
    value: file.value,
    exel: file.rows,
  });
  const { value } = await api<{ value: { _id: string }[] }>('/api/prospect/get/value', {
    ...caller,
    excelId,
  });
  const { opportunityId } = await api<{ opportunityId: string }>('/api/opportunity/create', {
    ...caller,
    prospectId: value[0]?._id,
  });
  const { status } = await api<{ status: { _id: string }[] }>('/api/opportunity/status', caller);
  await api('/api/messages/post', {
    ...caller,
    opportunityId,
    message: file.comment,
    statusId: status[0]?._id,
  });
  return { user, caller, excelId, opportunityId, callApi: api };
}

/** The user's first organisation, as the screens address it. */
export async function callerOf(baseUrl: string, token: string): Promise<Caller> {
  const { organisations } = await callApi<{ organisations: { _id: string }[] }>(
    baseUrl,
    '/api/organisation/get',
    { token },
  );
  return { token, organisationId: organisations[0]?._id ?? '' };
}

export type Colleague = { email: string; password: string; username: string; token: string };

/** Someone invited into `caller`'s organisation who joined through the e-mail's link, without a licence. */
export async function joinAsColleague(
  app: { url: string; dataDir: string },
  caller: Caller,
  email: string,
): Promise<Colleague> {
  const colleague = { email, password: 'Bienvenue3', username: 'Bernard Léa' };
  const before = mailsTo(app.dataDir, email).length;
  await callApi(app.url, '/api/invitation/create', { ...caller, invitationEmail: email });
  const link = await waitForMailLink(app.dataDir, email, before, `${app.url}/invitation/join/`);
  const { token } = await callApi<{ token: string }>(app.url, '/api/register', colleague);
  await callApi(app.url, new URL(link).pathname.replace('/invitation/join/', '/api/invitation/join/'), {
    token,
  });
  return { ...colleague, token };
}
