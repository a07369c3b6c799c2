/** Consistent Overhead Byte Stuffing: removes every 0x00 so that 0x00 can delimit frames. */

/** Encodes bytes (no delimiter). */
export function cobsEncode(input: Uint8Array): Buffer {
  const out = Buffer.alloc(input.length + Math.floor(input.length / 254) + 1);
  let codeAt = 0;
  let o = 1;
  let code = 1;
  for (const b of input) {
    if (b === 0) {
      out[codeAt] = code;
      codeAt = o++;
      code = 1;
      continue;
    }
    out[o++] = b;
    if (++code === 0xff) {
      // A full block of 254 data bytes carries no implied zero.
      out[codeAt] = code;
      codeAt = o++;
      code = 1;
    }
  }
  out[codeAt] = code;
  return out.subarray(0, o);
}

/** Decodes bytes[start, end) (no delimiter); undefined when malformed. */
export function cobsDecode(input: Uint8Array, start = 0, end = input.length): Buffer | undefined {
  const out = Buffer.alloc(end - start);
  let i = start;
  let o = 0;
  while (i < end) {
    const code = input[i]!;
    if (code === 0 || i + code > end) return undefined;
    i++;
    for (let k = 1; k < code; k++) {
      const b = input[i++]!;
      if (b === 0) return undefined;
      out[o++] = b;
    }
    if (code !== 0xff && i < end) out[o++] = 0;
  }
  return out.subarray(0, o);
}
