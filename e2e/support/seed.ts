import { signUpThroughApi, type TestUser } from './session';

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
