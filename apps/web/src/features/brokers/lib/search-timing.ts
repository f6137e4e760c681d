/** Spec section 9: typing settles for 300 ms before a search; the dropdown lingers 200 ms after blur. */
export const searchDebounceMs = 300;
export const dropdownHideDelayMs = 200;
