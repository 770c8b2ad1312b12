/** Who is signed in, and signing in, up and out: the account corner, the forms and the admin's second factor. */
export { AuthControls } from './auth-controls';
export { ensureStudentRole, startSchoolSignIn } from './auth-api';
export { ForgotPasswordForm } from './forgot-password-form';
export { ResetPasswordForm } from './reset-password-form';
export { safeRedirectPath } from './safe-redirect';
export { SignInForm } from './sign-in-form';
export { SignInPanel } from './sign-in-panel';
export { SignUpForm } from './sign-up-form';
export { TwoFactorSetup } from './two-factor-setup';
export { onAccountChange, useAccount, useRefreshAccount } from './use-account';
