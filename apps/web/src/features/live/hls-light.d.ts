// hls.js publishes its light build (no subtitles, alternate audio or DRM) without types of its own: they are the
// full build's.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
