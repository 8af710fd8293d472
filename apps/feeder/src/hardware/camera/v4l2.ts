import type { DeviceInput } from './ffmpeg-camera';

export interface V4l2Settings {
  width?: number;
  height?: number;
  fps?: number;
  /** Ask the camera for H.264 and publish it as is (no encoding on the board's CPU). */
  h264?: boolean;
}

/**
 * A Video4Linux camera (a USB webcam, or the Raspberry Pi camera through libcamera's V4L2 compatibility layer)
 * as ffmpeg input: raw frames encoded with libx264 (default), or the camera's own H.264 copied through.
 */
export function v4l2Input(device: string, settings: V4l2Settings = {}): DeviceInput {
  const fps = settings.fps ?? 15;
  const size = `${settings.width ?? 640}x${settings.height ?? 480}`;
  const format = settings.h264 ? ['-input_format', 'h264'] : [];
  return {
    fps,
    inputArgs: ['-f', 'v4l2', ...format, '-framerate', String(fps), '-video_size', size, '-i', device],
    encoderArgs: settings.h264 ? ['-an', '-c:v', 'copy'] : undefined,
  };
}
