// Small binary payloads the reference server returns (image, audio, icon), built once and kept
// tiny so that responses stay short and the server starts fast.

/** A 1×1 transparent PNG. */
export const PIXEL_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Sixteen bytes 0x00..0x0f, for a binary (blob) resource. */
export const BYTES_BASE64 = Buffer.from(Array.from({ length: 16 }, (_, i) => i)).toString('base64');

let wav: string | undefined;

/** A valid WAV file: 8 kHz, 8-bit mono, 8 samples of silence. */
export function silentWavBase64(): string {
  if (wav === undefined) {
    const samples = 8;
    const b = Buffer.alloc(44 + samples, 0x80);
    b.write('RIFF', 0, 'ascii');
    b.writeUInt32LE(36 + samples, 4);
    b.write('WAVE', 8, 'ascii');
    b.write('fmt ', 12, 'ascii');
    b.writeUInt32LE(16, 16); // fmt chunk size
    b.writeUInt16LE(1, 20); // PCM
    b.writeUInt16LE(1, 22); // mono
    b.writeUInt32LE(8000, 24); // sample rate
    b.writeUInt32LE(8000, 28); // byte rate
    b.writeUInt16LE(1, 32); // block align
    b.writeUInt16LE(8, 34); // bits per sample
    b.write('data', 36, 'ascii');
    b.writeUInt32LE(samples, 40);
    wav = b.toString('base64');
  }
  return wav;
}

/** An icon as a data: URI, so that no network fetch is ever needed. */
export const ICON = {
  src: `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#3b82f6"/></svg>').toString('base64')}`,
  mimeType: 'image/svg+xml',
  sizes: ['any'],
};
