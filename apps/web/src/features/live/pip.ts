/**
 * Picture-in-picture for the live video (issue 29 §5): the standard API (document.pictureInPictureEnabled,
 * video.requestPictureInPicture) where the browser has it, else Safari's presentation modes on iOS
 * (webkitSupportsPresentationMode / webkitSetPresentationMode), else none (no button).
 */
export type PipKind = 'standard' | 'webkit' | 'none';

/** The document's side of the standard API. */
export interface PipDocument {
  pictureInPictureEnabled?: boolean;
  pictureInPictureElement?: Element | null;
  exitPictureInPicture?: () => Promise<void>;
}

/** The video's side: the standard API and Safari's presentation modes. */
export interface PipVideo {
  requestPictureInPicture?: () => Promise<unknown>;
  webkitSupportsPresentationMode?: (mode: string) => boolean;
  webkitSetPresentationMode?: (mode: 'inline' | 'picture-in-picture' | 'fullscreen') => void;
  webkitPresentationMode?: string;
}

/** Which picture-in-picture this browser offers for `video`. */
export function pipKind(doc: PipDocument, video: PipVideo | null): PipKind {
  if (!video) return 'none';
  if (doc.pictureInPictureEnabled === true && typeof video.requestPictureInPicture === 'function') return 'standard';
  if (
    typeof video.webkitSupportsPresentationMode === 'function' &&
    typeof video.webkitSetPresentationMode === 'function' &&
    video.webkitSupportsPresentationMode('picture-in-picture')
  )
    return 'webkit';
  return 'none';
}

/** Whether `video` is the one playing in picture-in-picture now. */
export function inPip(doc: PipDocument, video: PipVideo, kind: PipKind): boolean {
  if (kind === 'standard') return doc.pictureInPictureElement === (video as unknown as Element);
  if (kind === 'webkit') return video.webkitPresentationMode === 'picture-in-picture';
  return false;
}

/** Into picture-in-picture, or back into the page. */
export async function togglePip(doc: PipDocument, video: PipVideo, kind: PipKind): Promise<void> {
  if (inPip(doc, video, kind)) {
    await exitPip(doc, video, kind);
    return;
  }
  if (kind === 'standard') await video.requestPictureInPicture?.();
  else if (kind === 'webkit') video.webkitSetPresentationMode?.('picture-in-picture');
}

/** Back into the page (nothing when it is not in picture-in-picture). */
export async function exitPip(doc: PipDocument, video: PipVideo, kind: PipKind): Promise<void> {
  if (!inPip(doc, video, kind)) return;
  if (kind === 'standard') await doc.exitPictureInPicture?.();
  else if (kind === 'webkit') video.webkitSetPresentationMode?.('inline');
}
