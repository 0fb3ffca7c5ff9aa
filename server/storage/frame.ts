import { crc32 } from 'node:zlib';

/** A frame: payload length (u32 LE), CRC-32 of the payload (u32 LE), then the payload. */
const HEADER_BYTES = 8;
/** Larger than any record the API can write (bodies are capped at 1 MB): a bigger length is garbage. */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

export function encodeFrame(payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  payload.copy(frame, HEADER_BYTES);
  return frame;
}

export interface DecodedFrames {
  payloads: Buffer[];
  /** Bytes up to the end of the last whole, intact frame: what follows is a torn or corrupt tail. */
  validBytes: number;
}

/** Reads frames from the start and stops at the first one that is cut short, empty or fails its checksum. */
export function decodeFrames(data: Buffer): DecodedFrames {
  const payloads: Buffer[] = [];
  let at = 0;
  while (at + HEADER_BYTES <= data.length) {
    const length = data.readUInt32LE(at);
    // A zero length is a zero-filled tail (the file grew but its data never reached the disk), not a record.
    if (length === 0 || length > MAX_PAYLOAD_BYTES || at + HEADER_BYTES + length > data.length) break;
    const payload = data.subarray(at + HEADER_BYTES, at + HEADER_BYTES + length);
    if (crc32(payload) !== data.readUInt32LE(at + 4)) break;
    payloads.push(payload);
    at += HEADER_BYTES + length;
  }
  return { payloads, validBytes: at };
}
