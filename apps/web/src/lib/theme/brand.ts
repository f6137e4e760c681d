/**
 * The one primary colour of both themes. Measured against antd's light and dark surfaces in
 * brand.test.ts: white button text on it and it on either surface stay readable.
 */
export const primaryColor = '#d4400f';
