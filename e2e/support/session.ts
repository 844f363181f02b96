import type { Page } from '@playwright/test';

let counter = 0;

export type TestUser = { email: string; password: string; nom: string; prenom: string; token: string };

/** Quick sign-up through the API (the screens have their own tests), returning a session token. */
export async function signUpThroughApi(
  baseUrl: string,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  counter += 1;
  const user = {
    email: `utilisateur${Date.now()}${counter}@exemple.fr`,
    password: 'Motdepasse1',
    nom: 'Martin',
    prenom: 'Claire',
    ...overrides,
  };
  const response = await fetch(`${baseUrl}/api/fastRegister`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      username: `${user.nom} ${user.prenom}`,
      raisonSocial: 'Société Exemple',
      fonction: 'Commerciale',
      phone: '0612345678',
    }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !body.token)
    throw new Error(`Inscription impossible : ${body.message ?? response.status}`);
  return { ...user, token: body.token };
}

/** Opens the app already logged in, as if the user had logged in earlier in this browser. */
export async function useSession(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, token);
}
