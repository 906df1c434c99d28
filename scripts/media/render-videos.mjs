// Renders the looping clips of the public pages from SVG frames drawn here, with Debian's ffmpeg (librsvg, VP9,
// H.264). Writes apps/web/public/media/video/<name>.{webm,mp4,svg}; the .svg is the poster (a still of the loop).
// Run: node scripts/media/render-videos.mjs   (needs /usr/bin/ffmpeg or FFMPEG)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { heroFrame, menuSyncFrame } from './scenes.mjs';

const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const FPS = 24;
const out = path.resolve(import.meta.dirname, '../../apps/web/public/media/video');

const clips = [
  { name: 'hero', frame: heroFrame, width: 720, height: 540, seconds: 6, posterAt: 4.2 },
  {
    name: 'menu-sync',
    frame: menuSyncFrame,
    width: 768,
    height: 432,
    scale: 768 / 720,
    seconds: 6,
    posterAt: 3.6,
  },
];

mkdirSync(out, { recursive: true });
for (const clip of clips) {
  const work = mkdtempSync(path.join(tmpdir(), `clip-${clip.name}-`));
  const count = clip.seconds * FPS;
  for (let i = 0; i < count; i++) {
    writeFileSync(
      path.join(work, `f${String(i).padStart(4, '0')}.svg`),
      clip.frame(i / FPS, clip.seconds, clip.scale),
    );
  }
  writeFileSync(path.join(out, `${clip.name}.svg`), clip.frame(clip.posterAt, clip.seconds));
  const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(work, 'f%04d.svg')];
  const size = ['-s', `${clip.width}x${clip.height}`, '-an'];
  execFileSync(FFMPEG, [
    ...input,
    ...size,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-pix_fmt',
    'yuv420p',
    path.join(out, `${clip.name}.webm`),
  ]);
  execFileSync(FFMPEG, [
    ...input,
    ...size,
    '-c:v',
    'libx264',
    '-crf',
    '30',
    '-preset',
    'slow',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    path.join(out, `${clip.name}.mp4`),
  ]);
  rmSync(work, { recursive: true, force: true });
  console.log(`rendered ${clip.name} (${count} frames)`);
}
