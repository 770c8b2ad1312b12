import { z } from 'zod';

/** The signed-in account as the web app sees it (GET /api/account/me). */
export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: z.enum(['admin', 'student']).optional(),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Admins grant or remove the admin role on the Settings page; every change is audited. */
export const changeRoleSchema = z.object({
  userId: z.string().min(1).max(100),
  role: z.literal('admin'),
  action: z.enum(['grant', 'revoke']),
});
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

/** Client-side checks that mirror the server's, so field errors show before a round trip. */
export const signUpFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: z.email('Enter a valid e-mail address').trim(),
  password: z.string().min(8, 'Use at least 8 characters').max(128, 'Use at most 128 characters'),
});

export const signInFormSchema = z.object({
  email: z.email('Enter a valid e-mail address').trim(),
  password: z.string().min(1, 'Enter your password'),
});
