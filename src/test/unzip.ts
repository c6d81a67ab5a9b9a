import yauzl from 'yauzl';

export interface UnzippedEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  compressionMethod: number;
  data: Buffer;
}

/** Every entry of a zip held in memory, in order (tests only: real archives are streamed). */
export async function unzipEntries(zip: Buffer): Promise<UnzippedEntry[]> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true }, (err, z) =>
      err ? reject(err) : resolve(z),
    ),
  );
  return new Promise((resolve, reject) => {
    const entries: UnzippedEntry[] = [];
    file.on('error', reject);
    file.on('end', () => resolve(entries));
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.push({
            name: entry.fileName,
            compressionMethod: entry.compressionMethod,
            data: Buffer.concat(chunks),
          });
          file.readEntry();
        });
      });
    });
    file.readEntry();
  });
}
