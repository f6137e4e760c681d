/** What route files, the sidebar and other features use of signing in. */
export { LoginDialog } from './components/login-dialog';
export { useLoginRequired } from './hooks/use-login-required';
export { logOut } from './api/log-out';
export { saveUserInfo, replaceToken } from './lib/apply-sign-in';
export { QueryResetOnAccountChange } from './hooks/use-reset-queries-on-account-change';
/** The phone, code and password fields and the submit helper, for the account screens' forms. */
export { PhoneField } from './components/fields/phone-field';
export { SmsCodeField } from './components/fields/sms-code-field';
export { NewPasswordFields } from './components/fields/password-fields';
export { FormError } from './components/form-error';
export { useFormSubmit } from './hooks/use-form-submit';
export { phoneTarget } from './lib/phone-target';
export { authErrorMessage } from './lib/auth-errors';
export { verifyCode } from './api/reset-password';
