// The upload-1gib case (issue 11): a multipart POST streamed from a file on disk (never held in
// memory), timed from the first byte sent to the answer, while the receiving process's resident
// memory is sampled from /proc/<pid>/status.
import { randomFillSync } from 'node:crypto';
import { closeSync, createReadStream, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import http from 'node:http';

const MIB = 1024 ** 2;

/**
 * A WAV of `bytes` bytes: a real 44.1 kHz 16-bit stereo header (the app probes uploads and
 * refuses what is not audio) over noise, written 1 MiB at a time. Noise, so that nothing on the
 * way could make the bytes cheaper than real audio.
 */
export function writeNoiseWav(file, bytes) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(bytes - 8, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44100, 24);
  header.writeUInt32LE(44100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(bytes - 44, 40);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, header);
    const block = randomFillSync(Buffer.alloc(MIB));
    for (let left = bytes - 44; left > 0; left -= MIB) {
      block.writeUInt32LE(left, 0); // no two blocks alike
      writeSync(fd, block, 0, Math.min(MIB, left));
    }
  } finally {
    closeSync(fd);
  }
}

/** Resident memory of `pid` in bytes (VmRSS), or NaN once it is gone. */
export function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/**
 * POSTs `file` as the multipart field `field` to `url` and samples `pid`'s RSS every 20 ms from
 * just before the first byte to the answer. Resolves with { throughput (bytes/s of the file),
 * rssMb (peak growth over the level before, in MB), status, body }.
 */
export async function timedUpload({ url, file, field, headers = {}, pid }) {
  const size = statSync(file).size;
  const boundary = `----journal-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="bench-upload.wav"\r\n` +
      'Content-Type: audio/wav\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    const rss = rssOf(pid);
    if (rss > peak) peak = rss;
  }, 20);
  const started = performance.now();
  try {
    const { status, body } = await new Promise((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, body: text }));
      });
      req.write(head);
      const source = createReadStream(file, { highWaterMark: MIB });
      source.on('error', reject);
      source.on('end', () => req.end(tail));
      source.pipe(req, { end: false });
    });
    const seconds = (performance.now() - started) / 1000;
    const last = rssOf(pid);
    if (last > peak) peak = last;
    return { throughput: size / seconds, rssMb: (peak - before) / 1e6, status, body };
  } finally {
    clearInterval(sampler);
  }
}
