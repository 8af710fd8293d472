import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  AdminContentCreateBodySchema,
  AdminPetCreateBodySchema,
  articleLink,
  type AdminContentCreateInput,
} from '@petheart/contracts';
import type { Container } from '../container';
import { settings } from '../db/schema';
import { resolveFfmpeg, runFfmpeg } from '../modules/media/ffmpeg';
import { BaseRepository } from '../modules/base/repository';
import { ContentRepository, type NewContent } from '../modules/content/repository';
import { PetRepository } from '../modules/pet/repository';
import { bannerArt, coverArt, petPortrait, videoScene } from './demo-art';
import { DEMO_ARTICLES } from './demo-articles';
import { DEMO_BANNERS, DEMO_PAGES } from './demo-pages';
import { DEMO_PETS } from './demo-pets';
import { DEMO_QA } from './demo-qa';

/** The settings row that says the demo content was seeded (an operator's later edits and deletions stay). */
const MARKER = 'demo-content-seeded';
const DAY_MS = 86_400_000;

/** Renders a drawing and stores it through the upload pipeline (checked, re-encoded), as the admin's upload. */
async function uploadArt(container: Container, userId: number, art: string): Promise<string> {
  const jpeg = await sharp(Buffer.from(art)).jpeg({ quality: 85 }).toBuffer();
  return (await container.services.upload.store(userId, jpeg)).url;
}

/** A short video panning across a drawing (ffmpeg); its /uploads/… path, or null without a working ffmpeg. */
async function renderVideo(container: Container): Promise<string | null> {
  const ffmpeg = resolveFfmpeg(container.config.media.ffmpegPath);
  if (!ffmpeg) return null;
  const work = await mkdtemp(path.join(os.tmpdir(), 'petheart-demo-video-'));
  try {
    const still = path.join(work, 'scene.png');
    await writeFile(still, await sharp(Buffer.from(videoScene())).png().toBuffer());
    const name = `feeding-${randomBytes(6).toString('hex')}.mp4`;
    const dir = path.join(container.config.uploadDir, 'demo');
    await mkdir(dir, { recursive: true });
    // 6 s at 15 fps, 854×480, panning right across the scene; H.264 with its index up front (plays while loading).
    await runFfmpeg(ffmpeg, [
      ...['-y', '-loop', '1', '-framerate', '15', '-i', still, '-t', '6'],
      ...['-vf', "scale=1138:480,crop=854:480:'min(284,t*48)':0,format=yuv420p"],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-crf', '28'],
      ...['-movflags', '+faststart', '-an'],
      path.join(dir, name),
    ]);
    return `/uploads/demo/${name}`;
  } catch (error) {
    if (container.config.logLevel !== 'silent') console.warn('[seed] demo video not rendered:', error);
    return null;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The row of a checked console body (the same schema the editor's requests pass). */
function row(body: AdminContentCreateInput, createdAt: Date): NewContent {
  const parsed = AdminContentCreateBodySchema.parse(body);
  const base = { title: parsed.title, published: parsed.published, createdAt, key: null, pageKind: null };
  switch (parsed.kind) {
    case 'qa':
      return { ...base, kind: 'qa', body: parsed.body, sortOrder: parsed.sort_order };
    case 'article':
      return {
        ...base,
        kind: 'article',
        summary: parsed.summary,
        body: parsed.body,
        cover: parsed.cover,
        highlight: parsed.highlight,
        sortOrder: parsed.sort_order,
      };
    case 'page':
      return {
        ...base,
        kind: 'page',
        key: parsed.key,
        pageKind: parsed.page_kind,
        body: parsed.body,
        url: parsed.url,
        cover: parsed.cover,
      };
    case 'banner':
      return { ...base, kind: 'banner', url: parsed.url, cover: parsed.cover, sortOrder: parsed.sort_order };
  }
}

/**
 * Seeds the demo content once per database: Q&A, articles, the custom / web / single / video pages, two
 * banners and pet profiles for the demo bases, in the four languages, with drawings stored as uploads.
 * Later runs (and a second process starting at the same moment) change nothing.
 */
export async function seedDemoContent(container: Container): Promise<void> {
  const { db } = container.database;
  const seeded = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, MARKER)).limit(1);
  if (seeded.length > 0) return;
  const admin = await container.services.users.byEmail(container.config.demoAdmin.email);
  if (!admin) return;

  // Images first (disk and uploads rows); then every row in one transaction with the marker.
  const upload = (art: string) => uploadArt(container, admin.id, art);
  const covers = new Map<string, string>();
  for (const a of ['feeding', 'colony', 'winter', 'about', 'video'] as const) covers.set(a, await upload(coverArt(a)));
  const banners = await Promise.all(DEMO_BANNERS.map((b) => upload(bannerArt(b.art))));
  const petPhotos = await Promise.all(DEMO_PETS.map((p) => upload(petPortrait(p.species, p.palette))));
  const video = await renderVideo(container);
  const now = container.clock.now().getTime();

  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: MARKER, value: { at: new Date(now).toISOString() } })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return;
    const content = new ContentRepository(tx);
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);

    for (const [i, qa] of DEMO_QA.entries())
      await content.insert(row({ kind: 'qa', title: qa.question, body: qa.answer, sort_order: i }, at(30)));
    const articleIds = new Map<string, number>();
    for (const [i, a] of DEMO_ARTICLES.entries()) {
      const { id } = await content.insert(
        row(
          {
            kind: 'article',
            title: a.title,
            summary: a.summary,
            body: a.body,
            cover: covers.get(a.art) ?? '',
            highlight: a.highlight,
          },
          at(3 * (DEMO_ARTICLES.length - i)),
        ),
      );
      articleIds.set(a.art, id);
    }
    for (const p of DEMO_PAGES) {
      const url = p.kind === 'video' ? video : (p.url ?? '');
      if (url === null) continue;
      const cover = p.art ? (covers.get(p.art) ?? '') : '';
      await content.insert(
        row({ kind: 'page', key: p.key, page_kind: p.kind, title: p.title, body: p.body, url, cover }, at(30)),
      );
    }
    for (const [i, b] of DEMO_BANNERS.entries()) {
      const link = b.link === 'article:feeding' ? articleLink(articleIds.get('feeding') ?? 0) : b.link;
      await content.insert(
        row({ kind: 'banner', title: b.title, cover: banners[i] ?? '', url: link, sort_order: i }, at(1)),
      );
    }

    const bases = new BaseRepository(tx);
    const pets = new PetRepository(tx);
    for (const [i, p] of DEMO_PETS.entries()) {
      const base = await bases.byName(p.base);
      if (!base) continue;
      const pet = AdminPetCreateBodySchema.parse({
        base_id: base.id,
        name: p.name,
        species: p.species,
        photos: [petPhotos[i]],
        story: p.story,
        sort_order: i,
      });
      await pets.insert({
        baseId: pet.base_id,
        name: pet.name,
        species: pet.species,
        photos: pet.photos,
        story: pet.story,
        published: pet.published,
        sortOrder: pet.sort_order,
      });
    }
  });
}
