// /api/login, /api/register, /api/fastRegister, /api/forgot, /api/verifyResetToken, /api/resetPass,
// /api/verify, /api/logout (SPEC.md §7 "Account"); the account page's /api/account/get,
// changePassword, logoutEverywhere.
import {
  changePasswordSchema,
  fastRegisterSchema,
  forgotSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyResetTokenSchema,
} from '@app/domain';
import { z } from 'zod';
import type { ApiRoutes } from '../../http/api-routes';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, deviceIdOf, newDeviceId } from './browsers';
import type { AccountsService } from './service';

const empty = z.object({});

export function registerAccountRoutes(api: ApiRoutes, accounts: AccountsService): void {
  api.post({
    path: '/api/login',
    access: 'public',
    body: loginSchema,
    rateLimited: true,
    handler: ({ input, req, res }) => {
      // The browser's id: kept from its cookie, or a new one it keeps from now on (browsers.ts).
      const deviceId = deviceIdOf(req.headers.cookie) ?? newDeviceId();
      res.cookie(DEVICE_COOKIE, deviceId, {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        path: '/api/login',
        maxAge: DEVICE_COOKIE_MAX_AGE_S * 1000,
      });
      return accounts.login(input, { deviceId, userAgent: req.headers['user-agent'] ?? '' });
    },
  });

  api.post({
    path: '/api/register',
    access: 'public',
    body: registerSchema,
    rateLimited: true,
    handler: ({ input }) => accounts.register(input),
  });

  api.post({
    path: '/api/fastRegister',
    access: 'public',
    body: fastRegisterSchema,
    rateLimited: true,
    handler: ({ input }) => accounts.fastRegister(input),
  });

  api.post({
    path: '/api/forgot',
    access: 'public',
    body: forgotSchema,
    rateLimited: true,
    handler: ({ input }) => accounts.forgot(input.email),
  });

  api.post({
    path: '/api/verifyResetToken',
    access: 'public',
    body: verifyResetTokenSchema,
    handler: ({ input }) => accounts.verifyResetToken(input.token),
  });

  api.post({
    path: '/api/resetPass',
    access: 'public',
    body: resetPasswordSchema,
    handler: ({ input }) => accounts.resetPassword(input),
  });

  api.post({
    path: '/api/verify',
    access: 'session',
    body: empty,
    handler: async ({ session }) => ({ user: await accounts.currentUser(session.userId) }),
  });

  api.post({
    path: '/api/account/get',
    access: 'session',
    body: empty,
    handler: ({ session }) => accounts.account(session.userId),
  });

  api.post({
    path: '/api/account/changePassword',
    access: 'session',
    body: changePasswordSchema,
    handler: ({ session, input }) => accounts.changePassword(session, input),
  });

  api.post({
    path: '/api/account/logoutEverywhere',
    access: 'session',
    body: empty,
    handler: ({ session }) => accounts.logoutEverywhere(session.userId),
  });

  // Public on purpose: logging out with an already dead token is not an error.
  api.post({
    path: '/api/logout',
    access: 'public',
    body: empty,
    handler: ({ token }) => accounts.logout(token),
  });
}
