// The object storage's errors, apart from the S3 client so that a server without S3_BUCKET never loads the AWS SDK.

/**
 * The bucket cannot be reached or refused a request (down, timing out, a 5xx, or settings it
 * rejects): what was asked did not happen, and nothing was changed on the Parley side.
 */
export class ObjectStorageUnavailableError extends Error {
  override name = 'ObjectStorageUnavailableError';
}

/** The bucket's settings are wrong (no such bucket, refused credentials): named in the message, for the operator to fix. */
export class ObjectStorageSettingsError extends Error {
  override name = 'ObjectStorageSettingsError';
}

/** The object a row names is not in the bucket. */
export class ObjectMissingError extends Error {
  override name = 'ObjectMissingError';
}
