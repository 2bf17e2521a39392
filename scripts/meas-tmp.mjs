import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
for (const entry of process.argv.slice(2)) {
  const r = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', splitting: true, outdir: '/tmp/metaout2', platform: 'browser', write: false, metafile: true, absWorkingDir: process.cwd() });
  const main = r.outputFiles.find((f) => /-tmp\.js$|main\.js$/.test(f.path));
  console.log(entry, (main.contents.byteLength/1024).toFixed(0), 'kB min', (gzipSync(main.contents, {level: 9}).byteLength/1024).toFixed(0), 'kB gz');
}
