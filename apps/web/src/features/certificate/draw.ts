/**
 * The certificate as a PNG: drawn on a canvas from the same words the page shows (no remote images, so the
 * canvas is never tainted and always exports).
 */

export interface CertificateStat {
  value: string;
  label: string;
}

/** Everything the certificate says, already translated and formatted. */
export interface CertificateText {
  brand: string;
  title: string;
  presented: string;
  nickname: string;
  body: string;
  stats: CertificateStat[];
  thanks: string;
  issued: string;
  number: string;
}

export const CANVAS_WIDTH = 750;
export const CANVAS_HEIGHT = 1100;
const FONT =
  '"PingFang SC","Hiragino Sans","Noto Sans CJK JP","Noto Sans CJK SC","Microsoft YaHei",system-ui,sans-serif';
const THEME = '#54bdff';
const INK = '#1f2d3d';
const MUTED = '#5b6b7b';

/**
 * Breaks `text` into lines no wider than `maxWidth`: between words where there are spaces, between characters
 * where there are none (Chinese, Japanese), never splitting a word that fits on a line of its own.
 */
export function wrapLines(measure: (s: string) => number, text: string, maxWidth: number): string[] {
  const tokens = text.match(/[A-Za-z0-9'’.,!?;:%()\-–]+\s*|\s+|./gu) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const next = line + token;
    if (line && measure(next.trimEnd()) > maxWidth) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else {
      line = next;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'measureText'
  | 'beginPath'
  | 'arc'
  | 'fill'
  | 'stroke'
  | 'save'
  | 'restore'
  | 'setLineDash'
  | 'createLinearGradient'
  | 'ellipse'
>;

function paw(ctx: Ctx, x: number, y: number, r: number, color: string) {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.ellipse(x, y + r * 0.35, r * 0.62, r * 0.5, 0, 0, Math.PI * 2);
  ctx.fill();
  for (const [dx, dy] of [
    [-0.62, -0.28],
    [-0.24, -0.72],
    [0.24, -0.72],
    [0.62, -0.28],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x + dx * r, y + dy * r, r * 0.22, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** Draws the certificate on a CANVAS_WIDTH × CANVAS_HEIGHT context. */
export function drawCertificate(ctx: Ctx, c: CertificateText): void {
  const W = CANVAS_WIDTH;
  const H = CANVAS_HEIGHT;
  const bg = ctx.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, '#eaf6ff');
  bg.addColorStop(1, '#fffaf0');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  // A double frame.
  ctx.strokeStyle = THEME;
  ctx.lineWidth = 6;
  ctx.strokeRect(24, 24, W - 48, H - 48);
  ctx.strokeStyle = '#f5c26b';
  ctx.lineWidth = 2;
  ctx.strokeRect(40, 40, W - 80, H - 80);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  paw(ctx, W / 2, 128, 34, THEME);
  ctx.fillStyle = THEME;
  ctx.font = `600 26px ${FONT}`;
  ctx.fillText(c.brand, W / 2, 208);
  ctx.fillStyle = INK;
  ctx.font = `700 56px ${FONT}`;
  ctx.fillText(c.title, W / 2, 282);

  ctx.fillStyle = MUTED;
  ctx.font = `400 26px ${FONT}`;
  ctx.fillText(c.presented, W / 2, 352);
  ctx.fillStyle = INK;
  ctx.font = `700 46px ${FONT}`;
  ctx.fillText(c.nickname, W / 2, 418, W - 160);
  ctx.fillStyle = '#f5c26b';
  ctx.fillRect(W / 2 - 150, 438, 300, 2);

  ctx.fillStyle = MUTED;
  ctx.font = `400 26px ${FONT}`;
  let y = 496;
  for (const line of wrapLines((s) => ctx.measureText(s).width, c.body, W - 180)) {
    ctx.fillText(line, W / 2, y);
    y += 38;
  }

  // The three figures, in rounded-looking tiles.
  const top = Math.max(y + 20, 580);
  const tileW = (W - 160 - 2 * 20) / 3;
  c.stats.forEach((s, i) => {
    const x = 80 + i * (tileW + 20);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(x, top, tileW, 170);
    ctx.strokeStyle = '#d6eefe';
    ctx.lineWidth = 2;
    ctx.strokeRect(x, top, tileW, 170);
    ctx.fillStyle = THEME;
    ctx.font = `700 46px ${FONT}`;
    ctx.fillText(s.value, x + tileW / 2, top + 84, tileW - 20);
    ctx.fillStyle = MUTED;
    ctx.font = `400 22px ${FONT}`;
    ctx.fillText(s.label, x + tileW / 2, top + 132, tileW - 16);
  });

  ctx.fillStyle = INK;
  ctx.font = `500 28px ${FONT}`;
  y = top + 230;
  for (const line of wrapLines((s) => ctx.measureText(s).width, c.thanks, W - 180)) {
    ctx.fillText(line, W / 2, y);
    y += 40;
  }

  // The seal (bottom right, below the thanks), the date and the number.
  const sx = W - 160;
  const sy = H - 150;
  ctx.save();
  ctx.strokeStyle = '#f46a6a';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.arc(sx, sy, 60, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = 2;
  ctx.setLineDash([6, 6]);
  ctx.beginPath();
  ctx.arc(sx, sy, 50, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
  paw(ctx, sx, sy - 10, 22, '#f46a6a');
  ctx.fillStyle = '#f46a6a';
  ctx.font = `700 16px ${FONT}`;
  ctx.fillText(c.brand, sx, sy + 30, 80);

  ctx.textAlign = 'left';
  ctx.fillStyle = MUTED;
  ctx.font = `400 22px ${FONT}`;
  ctx.fillText(c.issued, 80, H - 140);
  ctx.fillText(c.number, 80, H - 104);
}

/** The certificate as a PNG (null where the browser cannot draw, e.g. no canvas). */
export function certificatePng(c: CertificateText, doc: Document = document): Promise<Blob | null> {
  const canvas = doc.createElement('canvas');
  canvas.width = CANVAS_WIDTH;
  canvas.height = CANVAS_HEIGHT;
  let ctx: CanvasRenderingContext2D | null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    ctx = null; // no canvas support at all
  }
  if (!ctx) return Promise.resolve(null);
  drawCertificate(ctx, c);
  return new Promise((resolve) => {
    canvas.toBlob(resolve, 'image/png');
  });
}
