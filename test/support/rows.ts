// Database rows prepared for toEqual.

/**
 * Rows with their byte columns (hashes, key ciphertexts, a status list's 16 KiB of bits) as hex strings:
 * equal exactly when the bytes are, but compared as one string, where toEqual would walk every byte of a
 * Uint8Array as an object key (seconds per comparison, and the matrices make hundreds).
 */
export function bytesAsHex<Row extends object>(rows: Row[]) {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        value instanceof Uint8Array ? `bytes:${Buffer.from(value).toString('hex')}` : value,
      ]),
    ),
  );
}
