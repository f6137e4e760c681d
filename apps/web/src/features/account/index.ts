/** What the account route files use. */
export { AccountNav } from './components/account-nav';
export { ProfileGate } from './components/profile-gate';
export { ProfileDetails } from './components/profile-details';
export { SecurityDetails } from './components/security-details';
export { PhoneChangeForm } from './components/phone-change-form';
export { DeleteAccountForm } from './components/delete-account-form';
