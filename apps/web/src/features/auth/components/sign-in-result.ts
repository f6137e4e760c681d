import type { SignInData } from '@parley/contracts';

/** What a sign-in form hands its dialog when the server said yes. */
export type SignedIn = (data: SignInData) => void;
