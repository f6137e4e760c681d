/** Spec section 4: logged in means the user token is non-blank. The one place that rule lives. */
export function hasUserToken(token: string): boolean {
  return token.trim() !== '';
}
