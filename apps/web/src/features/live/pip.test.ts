import { describe, expect, it, vi } from 'vitest';
import { exitPip, inPip, pipKind, togglePip, type PipDocument, type PipVideo } from './pip';

/** A video element as Chrome has it: requestPictureInPicture makes it the document's pictureInPictureElement. */
function standard() {
  const doc: PipDocument = { pictureInPictureEnabled: true, pictureInPictureElement: null };
  const video: PipVideo = {
    requestPictureInPicture: vi.fn(() => {
      doc.pictureInPictureElement = video as unknown as Element;
      return Promise.resolve({});
    }),
  };
  doc.exitPictureInPicture = vi.fn(() => {
    doc.pictureInPictureElement = null;
    return Promise.resolve();
  });
  return { doc, video };
}

/** A video element as iOS Safari has it: presentation modes. */
function webkit(supported = true): PipVideo {
  const video: PipVideo = {
    webkitPresentationMode: 'inline',
    webkitSupportsPresentationMode: (mode) => supported && mode === 'picture-in-picture',
    webkitSetPresentationMode: vi.fn((mode: 'inline' | 'picture-in-picture' | 'fullscreen') => {
      video.webkitPresentationMode = mode;
    }),
  };
  return video;
}

describe('picture-in-picture for the live video', () => {
  it('uses the standard API where the document enables it, in and out', async () => {
    const { doc, video } = standard();
    expect(pipKind(doc, video)).toBe('standard');
    await togglePip(doc, video, 'standard');
    expect(inPip(doc, video, 'standard')).toBe(true);
    await togglePip(doc, video, 'standard');
    expect(inPip(doc, video, 'standard')).toBe(false);
    expect(doc.exitPictureInPicture).toHaveBeenCalledTimes(1);
  });

  it('uses Safari’s presentation mode on iOS', async () => {
    const video = webkit();
    expect(pipKind({}, video)).toBe('webkit');
    await togglePip({}, video, 'webkit');
    expect(video.webkitPresentationMode).toBe('picture-in-picture');
    await exitPip({}, video, 'webkit');
    expect(video.webkitPresentationMode).toBe('inline');
  });

  it('offers none where neither is there (or the document disabled it)', () => {
    expect(pipKind({}, {})).toBe('none');
    expect(pipKind({ pictureInPictureEnabled: false }, standard().video)).toBe('none');
    expect(pipKind({}, webkit(false))).toBe('none');
    expect(pipKind({ pictureInPictureEnabled: true }, null)).toBe('none');
  });

  it('exits only what is in picture-in-picture', async () => {
    const { doc, video } = standard();
    await exitPip(doc, video, 'standard');
    expect(doc.exitPictureInPicture).not.toHaveBeenCalled();
  });
});
