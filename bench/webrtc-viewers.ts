import type { Page } from '@playwright/test';
import { janusViewer } from './janus';

// The viewers' side of bench/webrtc-janus.ts: one page, one RTCPeerConnection per viewer (Janus API over HTTP from
// Node, SDP through the page), the first viewer's video on screen, its stamp read back as glass-to-glass.ts does.

export const PAGE = '<!doctype html><body style="margin:0"><video id="v0" autoplay muted playsinline></video></body>';

/** Adds a viewer: Janus offers, the page answers (ICE gathered: half-trickle), Janus starts sending. */
export async function addViewer(page: Page, janusUrl: string, index: number, decodeAll: boolean): Promise<void> {
  const viewer = await janusViewer(janusUrl);
  const offer = await viewer.watch();
  const answer = await page.evaluate(
    async ({ offer, index, decodeAll }) => {
      const w = window as unknown as { pcs?: RTCPeerConnection[] };
      const pc = new RTCPeerConnection();
      (w.pcs ??= []).push(pc);
      pc.ontrack = (event) => {
        if (index !== 0) {
          // Janus sends to it all the same (the receiver counts the packets); the page's one browser does not
          // decode what a phone each would: its CPU would otherwise be the bench's bottleneck, not the server's.
          if (!decodeAll) event.track.stop();
          return;
        }
        const video = document.getElementById('v0') as HTMLVideoElement;
        video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      };
      await pc.setRemoteDescription(offer);
      await pc.setLocalDescription(await pc.createAnswer());
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') resolve();
        pc.onicegatheringstatechange = () => {
          if (pc.iceGatheringState === 'complete') resolve();
        };
        setTimeout(resolve, 3000);
      });
      return { type: 'answer' as const, sdp: pc.localDescription?.sdp ?? '' };
    },
    { offer, index, decodeAll },
  );
  await viewer.start(answer);
}

/**
 * RTP packets received so far by each viewer's video receiver, frames the first one decoded, and its mean
 * jitter-buffer delay (ms).
 */
export function receiverStats(page: Page) {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { pcs?: RTCPeerConnection[] }).pcs ?? [];
    const packets: number[] = [];
    let decoded = 0;
    let jitterMs = NaN;
    for (const [i, pc] of pcs.entries()) {
      let received = 0;
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') {
          received = Number(s.packetsReceived ?? 0);
          const emitted = Number(s.jitterBufferEmittedCount ?? 0);
          if (i === 0) decoded = Number(s.framesDecoded ?? 0);
          if (i === 0 && emitted > 0) jitterMs = (Number(s.jitterBufferDelay ?? 0) / emitted) * 1000;
        }
      });
      packets.push(received);
    }
    return { packets, decoded, jitterMs };
  });
}
