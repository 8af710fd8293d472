/** Something that draws raw video frames on demand (the simulated scene; a test pattern). */
export interface FrameSource {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  /** ffmpeg's name of the frames' pixel format (e.g. rgb24). */
  readonly pixelFormat: string;
  /**
   * The frame for wall-clock time `now` (ms). The returned buffer may be reused by the next call, so the caller
   * writes it out before asking for another one.
   */
  render(now: number): Uint8Array;
}
