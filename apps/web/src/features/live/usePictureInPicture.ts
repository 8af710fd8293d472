import { useCallback, useEffect, useState, type RefObject } from 'react';
import { exitPip, inPip, pipKind, togglePip, type PipDocument, type PipKind } from './pip';

const EVENTS = ['enterpictureinpicture', 'leavepictureinpicture', 'webkitpresentationmodechanged'] as const;

export interface PictureInPicture {
  kind: PipKind;
  active: boolean;
  toggle: () => void;
}

/**
 * The live video in picture-in-picture (pip.ts), where the browser offers it: the viewer keeps watching while
 * switching to another app or tab. The room's player lives with the page, so leaving the page (or the page going
 * away) closes the small window first instead of leaving a frozen picture in it.
 */
export function usePictureInPicture(videoRef: RefObject<HTMLVideoElement | null>): PictureInPicture {
  const [kind, setKind] = useState<PipKind>('none');
  const [active, setActive] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    const doc = document as Document & PipDocument;
    const found = pipKind(doc, video);
    setKind(found);
    if (!video || found === 'none') return;
    const sync = () => {
      setActive(inPip(doc, video, found));
    };
    for (const event of EVENTS) video.addEventListener(event, sync);
    return () => {
      for (const event of EVENTS) video.removeEventListener(event, sync);
      void exitPip(doc, video, found).catch(() => undefined);
    };
  }, [videoRef]);

  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video || kind === 'none') return;
    const doc = document as Document & PipDocument;
    // Refused (no user gesture, no metadata yet): the button simply stays as it was.
    void togglePip(doc, video, kind)
      .catch(() => undefined)
      .then(() => {
        setActive(inPip(doc, video, kind));
      });
  }, [videoRef, kind]);

  return { kind, active, toggle };
}
