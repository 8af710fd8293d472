/**
 * Drawings for the demo content (banners, covers, pet photos) as SVG, rendered to JPEG by the seed and
 * stored through the upload pipeline like any editor's image. No text in them: titles are localized.
 */

export interface Palette {
  /** Background, top-left and bottom-right. */
  sky: [string, string];
  fur: string;
  /** Ears' inside, nose. */
  accent: string;
  /** Patches or stripes. */
  marks: string;
}

const svg = (w: number, h: number, body: string, sky: [string, string]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${String(w)}" height="${String(h)}" viewBox="0 0 ${String(w)} ${String(h)}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
<rect width="${String(w)}" height="${String(h)}" fill="url(#sky)"/>${body}</svg>`;

/** A paw print centred at (x, y), `s` wide. */
export function paw(x: number, y: number, s: number, fill: string, opacity = 0.35): string {
  const toe = (dx: number, dy: number) =>
    `<ellipse cx="${String(x + dx * s)}" cy="${String(y + dy * s)}" rx="${String(0.11 * s)}" ry="${String(0.14 * s)}"/>`;
  return `<g fill="${fill}" opacity="${String(opacity)}"><ellipse cx="${String(x)}" cy="${String(y + 0.12 * s)}" rx="${String(0.26 * s)}" ry="${String(0.21 * s)}"/>${toe(-0.3, -0.14)}${toe(-0.11, -0.33)}${toe(0.11, -0.33)}${toe(0.3, -0.14)}</g>`;
}

/** A cat's face centred at (x, y), `r` the head's radius. */
export function catFace(x: number, y: number, r: number, p: Palette): string {
  const n = (v: number) => String(Math.round(v * 10) / 10);
  return `<g>
<path d="M${n(x - 0.85 * r)} ${n(y - 0.35 * r)} L${n(x - 0.75 * r)} ${n(y - 1.25 * r)} L${n(x - 0.2 * r)} ${n(y - 0.8 * r)} Z" fill="${p.fur}"/>
<path d="M${n(x + 0.85 * r)} ${n(y - 0.35 * r)} L${n(x + 0.75 * r)} ${n(y - 1.25 * r)} L${n(x + 0.2 * r)} ${n(y - 0.8 * r)} Z" fill="${p.fur}"/>
<path d="M${n(x - 0.7 * r)} ${n(y - 0.5 * r)} L${n(x - 0.68 * r)} ${n(y - 1.0 * r)} L${n(x - 0.35 * r)} ${n(y - 0.75 * r)} Z" fill="${p.accent}"/>
<path d="M${n(x + 0.7 * r)} ${n(y - 0.5 * r)} L${n(x + 0.68 * r)} ${n(y - 1.0 * r)} L${n(x + 0.35 * r)} ${n(y - 0.75 * r)} Z" fill="${p.accent}"/>
<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(0.9 * r)}" fill="${p.fur}"/>
<path d="M${n(x - 0.25 * r)} ${n(y - 0.88 * r)} Q${n(x)} ${n(y - 0.55 * r)} ${n(x + 0.25 * r)} ${n(y - 0.88 * r)}" stroke="${p.marks}" stroke-width="${n(0.09 * r)}" fill="none" stroke-linecap="round"/>
<path d="M${n(x - 0.95 * r)} ${n(y + 0.05 * r)} Q${n(x - 0.7 * r)} ${n(y - 0.1 * r)} ${n(x - 0.62 * r)} ${n(y + 0.2 * r)}" stroke="${p.marks}" stroke-width="${n(0.08 * r)}" fill="none" stroke-linecap="round"/>
<ellipse cx="${n(x - 0.38 * r)}" cy="${n(y - 0.1 * r)}" rx="${n(0.14 * r)}" ry="${n(0.19 * r)}" fill="#2b2b2b"/>
<ellipse cx="${n(x + 0.38 * r)}" cy="${n(y - 0.1 * r)}" rx="${n(0.14 * r)}" ry="${n(0.19 * r)}" fill="#2b2b2b"/>
<circle cx="${n(x - 0.34 * r)}" cy="${n(y - 0.16 * r)}" r="${n(0.05 * r)}" fill="#fff"/>
<circle cx="${n(x + 0.42 * r)}" cy="${n(y - 0.16 * r)}" r="${n(0.05 * r)}" fill="#fff"/>
<path d="M${n(x - 0.1 * r)} ${n(y + 0.18 * r)} L${n(x + 0.1 * r)} ${n(y + 0.18 * r)} L${n(x)} ${n(y + 0.3 * r)} Z" fill="${p.accent}"/>
<path d="M${n(x)} ${n(y + 0.3 * r)} Q${n(x - 0.12 * r)} ${n(y + 0.45 * r)} ${n(x - 0.22 * r)} ${n(y + 0.38 * r)} M${n(x)} ${n(y + 0.3 * r)} Q${n(x + 0.12 * r)} ${n(y + 0.45 * r)} ${n(x + 0.22 * r)} ${n(y + 0.38 * r)}" stroke="#2b2b2b" stroke-width="${n(0.035 * r)}" fill="none" stroke-linecap="round"/>
<g stroke="#555" stroke-width="${n(0.02 * r)}" stroke-linecap="round">
<line x1="${n(x - 0.3 * r)}" y1="${n(y + 0.25 * r)}" x2="${n(x - 1.1 * r)}" y2="${n(y + 0.12 * r)}"/>
<line x1="${n(x - 0.3 * r)}" y1="${n(y + 0.32 * r)}" x2="${n(x - 1.1 * r)}" y2="${n(y + 0.38 * r)}"/>
<line x1="${n(x + 0.3 * r)}" y1="${n(y + 0.25 * r)}" x2="${n(x + 1.1 * r)}" y2="${n(y + 0.12 * r)}"/>
<line x1="${n(x + 0.3 * r)}" y1="${n(y + 0.32 * r)}" x2="${n(x + 1.1 * r)}" y2="${n(y + 0.38 * r)}"/>
</g></g>`;
}

/** A dog's face centred at (x, y), `r` the head's radius. */
export function dogFace(x: number, y: number, r: number, p: Palette): string {
  const n = (v: number) => String(Math.round(v * 10) / 10);
  return `<g>
<ellipse cx="${n(x - 0.9 * r)}" cy="${n(y - 0.05 * r)}" rx="${n(0.32 * r)}" ry="${n(0.7 * r)}" fill="${p.marks}" transform="rotate(18 ${n(x - 0.9 * r)} ${n(y - 0.05 * r)})"/>
<ellipse cx="${n(x + 0.9 * r)}" cy="${n(y - 0.05 * r)}" rx="${n(0.32 * r)}" ry="${n(0.7 * r)}" fill="${p.marks}" transform="rotate(-18 ${n(x + 0.9 * r)} ${n(y - 0.05 * r)})"/>
<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(0.9 * r)}" ry="${n(r)}" fill="${p.fur}"/>
<ellipse cx="${n(x + 0.35 * r)}" cy="${n(y - 0.3 * r)}" rx="${n(0.3 * r)}" ry="${n(0.28 * r)}" fill="${p.marks}" opacity="0.6"/>
<ellipse cx="${n(x)}" cy="${n(y + 0.4 * r)}" rx="${n(0.45 * r)}" ry="${n(0.35 * r)}" fill="#fff" opacity="0.85"/>
<circle cx="${n(x - 0.35 * r)}" cy="${n(y - 0.25 * r)}" r="${n(0.13 * r)}" fill="#2b2b2b"/>
<circle cx="${n(x + 0.35 * r)}" cy="${n(y - 0.25 * r)}" r="${n(0.13 * r)}" fill="#2b2b2b"/>
<circle cx="${n(x - 0.31 * r)}" cy="${n(y - 0.3 * r)}" r="${n(0.04 * r)}" fill="#fff"/>
<circle cx="${n(x + 0.39 * r)}" cy="${n(y - 0.3 * r)}" r="${n(0.04 * r)}" fill="#fff"/>
<ellipse cx="${n(x)}" cy="${n(y + 0.22 * r)}" rx="${n(0.17 * r)}" ry="${n(0.12 * r)}" fill="#2b2b2b"/>
<path d="M${n(x)} ${n(y + 0.34 * r)} L${n(x)} ${n(y + 0.5 * r)} M${n(x - 0.2 * r)} ${n(y + 0.52 * r)} Q${n(x)} ${n(y + 0.65 * r)} ${n(x + 0.2 * r)} ${n(y + 0.52 * r)}" stroke="#2b2b2b" stroke-width="${n(0.04 * r)}" fill="none" stroke-linecap="round"/>
<ellipse cx="${n(x)}" cy="${n(y + 0.68 * r)}" rx="${n(0.1 * r)}" ry="${n(0.13 * r)}" fill="${p.accent}"/>
</g>`;
}

/** A food bowl with kibble, its rim centred at (x, y), `w` wide. */
export function bowl(x: number, y: number, w: number): string {
  const n = (v: number) => String(Math.round(v * 10) / 10);
  const kibble = [-0.28, -0.12, 0.04, 0.2, -0.2, -0.02, 0.14, 0.3]
    .map(
      (dx, i) =>
        `<ellipse cx="${n(x + dx * w)}" cy="${n(y - (i < 4 ? 0.03 : 0.07) * w)}" rx="${n(0.05 * w)}" ry="${n(0.035 * w)}" fill="${i % 2 ? '#b86b2c' : '#d08a45'}"/>`,
    )
    .join('');
  return `<g>${kibble}
<path d="M${n(x - 0.5 * w)} ${n(y)} L${n(x + 0.5 * w)} ${n(y)} L${n(x + 0.38 * w)} ${n(y + 0.3 * w)} L${n(x - 0.38 * w)} ${n(y + 0.3 * w)} Z" fill="#ff7a59"/>
<rect x="${n(x - 0.52 * w)}" y="${n(y - 0.03 * w)}" width="${n(1.04 * w)}" height="${n(0.07 * w)}" rx="${n(0.03 * w)}" fill="#ff9b80"/>
</g>`;
}

/** A heart centred at (x, y), `s` wide. */
export function heart(x: number, y: number, s: number, fill: string): string {
  const n = (v: number) => String(Math.round(v * 10) / 10);
  return `<path d="M${n(x)} ${n(y + 0.35 * s)} C${n(x - 0.6 * s)} ${n(y - 0.05 * s)} ${n(x - 0.35 * s)} ${n(y - 0.5 * s)} ${n(x)} ${n(y - 0.2 * s)} C${n(x + 0.35 * s)} ${n(y - 0.5 * s)} ${n(x + 0.6 * s)} ${n(y - 0.05 * s)} ${n(x)} ${n(y + 0.35 * s)} Z" fill="${fill}"/>`;
}

const pawTrail = (w: number, h: number) =>
  [0.08, 0.2, 0.32, 0.44].map((f, i) => paw(f * w, h * (i % 2 ? 0.78 : 0.66), h * 0.13, '#ffffff')).join('');

export const PALETTES = {
  ginger: { sky: ['#ffe7c7', '#ffd1a1'], fur: '#f4a259', accent: '#ff8fa3', marks: '#d9822b' },
  black: { sky: ['#dff3ff', '#b9e4ff'], fur: '#3a3a44', accent: '#ff8fa3', marks: '#25252b' },
  grey: { sky: ['#eaf2e3', '#cfe6c0'], fur: '#a7adb8', accent: '#ffa3b5', marks: '#868c97' },
  tabby: { sky: ['#fff3d6', '#ffe2a8'], fur: '#c9a26b', accent: '#ff9eb0', marks: '#8a6a3d' },
  calico: { sky: ['#f3e8ff', '#dccbff'], fur: '#fffaf2', accent: '#ff9eb0', marks: '#e39b4c' },
  white: { sky: ['#dff7f2', '#b8ece1'], fur: '#fdfdfb', accent: '#ffa3b5', marks: '#d9d4c7' },
  brownDog: { sky: ['#e3f4ff', '#bfe6ff'], fur: '#c68a4e', accent: '#ff7b8f', marks: '#8c5a2b' },
  yellowDog: { sky: ['#fff6d9', '#ffe6a6'], fur: '#e8c27a', accent: '#ff7b8f', marks: '#b98b3e' },
} satisfies Record<string, Palette>;
export type PaletteName = keyof typeof PALETTES;

/** A square-ish portrait of a pet (800×600). */
export function petPortrait(species: 'cat' | 'dog', palette: PaletteName): string {
  const p = PALETTES[palette];
  const w = 800;
  const h = 600;
  const face = species === 'cat' ? catFace(w / 2, h * 0.55, 170, p) : dogFace(w / 2, h * 0.52, 180, p);
  return svg(w, h, `${paw(110, 120, 90, '#ffffff', 0.5)}${paw(690, 480, 110, '#ffffff', 0.5)}${face}`, p.sky);
}

/** A home banner (750×320). */
export function bannerArt(variant: 'feed' | 'pets'): string {
  const w = 750;
  const h = 320;
  if (variant === 'feed')
    return svg(
      w,
      h,
      `${pawTrail(w, h)}${bowl(560, 230, 200)}${catFace(560, 120, 70, PALETTES.ginger)}${heart(660, 60, 50, '#ff6f91')}`,
      ['#54BDFF', '#9ad8ff'],
    );
  return svg(
    w,
    h,
    `${pawTrail(w, h)}${catFace(480, 175, 85, PALETTES.calico)}${dogFace(640, 180, 90, PALETTES.yellowDog)}${heart(560, 55, 44, '#ff6f91')}`,
    ['#7ed0b8', '#c4f0d9'],
  );
}

/** An article or page cover (900×500). */
export function coverArt(variant: 'feeding' | 'colony' | 'winter' | 'about' | 'video'): string {
  const w = 900;
  const h = 500;
  switch (variant) {
    case 'feeding':
      return svg(
        w,
        h,
        `${bowl(450, 330, 300)}${catFace(300, 200, 90, PALETTES.tabby)}${catFace(600, 200, 90, PALETTES.black)}`,
        ['#dff3ff', '#a9dcff'],
      );
    case 'colony':
      return svg(
        w,
        h,
        `${catFace(220, 290, 100, PALETTES.ginger)}${catFace(450, 250, 120, PALETTES.white)}${catFace(680, 290, 100, PALETTES.grey)}`,
        ['#ffe9cf', '#ffc98f'],
      );
    case 'winter': {
      const flakes = Array.from(
        { length: 24 },
        (_, i) =>
          `<circle cx="${String((i * 137) % w)}" cy="${String((i * 71) % (h - 120))}" r="${String(4 + (i % 4) * 2)}" fill="#fff" opacity="0.8"/>`,
      ).join('');
      return svg(
        w,
        h,
        `${flakes}<rect x="250" y="250" width="400" height="200" rx="30" fill="#8d6e63"/><path d="M230 260 L450 120 L670 260 Z" fill="#6d4c41"/>${catFace(450, 360, 80, PALETTES.calico)}`,
        ['#cfe3ff', '#eef5ff'],
      );
    }
    case 'about':
      return svg(
        w,
        h,
        `${heart(450, 250, 330, '#ffffff')}${catFace(380, 270, 80, PALETTES.ginger)}${dogFace(530, 275, 85, PALETTES.brownDog)}`,
        ['#54BDFF', '#9ee0ff'],
      );
    case 'video':
      return svg(
        w,
        h,
        `${pawTrail(w, h)}${bowl(620, 360, 260)}${catFace(620, 220, 100, PALETTES.tabby)}<circle cx="250" cy="250" r="90" fill="#ffffff" opacity="0.9"/><path d="M225 200 L225 300 L310 250 Z" fill="#54BDFF"/>`,
        ['#54BDFF', '#b3e5ff'],
      );
  }
}

/** A wide scene for the demo video (1280×540); the video pans across it. */
export function videoScene(): string {
  const w = 1280;
  const h = 540;
  return svg(
    w,
    h,
    `${pawTrail(w, h)}${paw(900, 120, 110, '#ffffff', 0.4)}${bowl(640, 400, 280)}${catFace(380, 260, 110, PALETTES.tabby)}${catFace(900, 280, 110, PALETTES.black)}${heart(640, 120, 90, '#ff6f91')}`,
    ['#54BDFF', '#c2ebff'],
  );
}
