"""A stand-in IP camera for tests: GStreamer's RTSP server with basic authentication, serving a test pattern as
H.264 (x264 baseline, like most cameras' main stream) on /h264 and as MJPEG (which browsers cannot play in FLV) on
/mjpeg. Prints `READY <port>` once it listens; exits cleanly on SIGTERM or SIGINT.

Usage: rtsp-camera.py --port 0 --user admin --password secret [--bitrate 777] [--size 320x240]
"""

import argparse
import signal
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

ROLE = "camera-user"


def pipelines(bitrate: int, size: str) -> dict:
    width, height = size.split("x")
    caps = f"video/x-raw,format=I420,width={width},height={height},framerate=15/1"
    source = f"videotestsrc is-live=true pattern=ball ! {caps}"
    return {
        # 1 s GOP and SPS/PPS before every keyframe, as a live viewer needs; the bitrate marks the camera's own
        # bitstream (x264 writes its settings into the stream), so a test can tell a relay from a re-encode.
        "/h264": f"( {source} ! x264enc tune=zerolatency speed-preset=ultrafast key-int-max=15 bitrate={bitrate}"
        " ! video/x-h264,profile=baseline ! rtph264pay name=pay0 pt=96 config-interval=-1 )",
        "/mjpeg": f"( {source} ! jpegenc quality=60 ! rtpjpegpay name=pay0 pt=26 )",
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--bitrate", type=int, default=777)
    parser.add_argument("--size", default="320x240")
    args = parser.parse_args()

    Gst.init(None)
    server = GstRtspServer.RTSPServer()
    server.set_address("127.0.0.1")
    server.set_service(str(args.port))

    auth = GstRtspServer.RTSPAuth()
    token = GstRtspServer.RTSPToken()
    token.set_string(GstRtspServer.RTSP_TOKEN_MEDIA_FACTORY_ROLE, ROLE)
    auth.add_basic(GstRtspServer.RTSPAuth.make_basic(args.user, args.password), token)
    server.set_auth(auth)

    permissions = GstRtspServer.RTSPPermissions()
    allowed = f"{ROLE}, media.factory.access=(boolean)true, media.factory.construct=(boolean)true"
    permissions.add_role_from_structure(Gst.Structure.from_string(allowed)[0])
    mounts = server.get_mount_points()
    for path, launch in pipelines(args.bitrate, args.size).items():
        factory = GstRtspServer.RTSPMediaFactory()
        factory.set_launch(launch)
        factory.set_permissions(permissions)
        mounts.add_factory(path, factory)

    if server.attach(None) == 0:
        print("cannot listen", file=sys.stderr, flush=True)
        return 1
    loop = GLib.MainLoop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signum, loop.quit)
    print(f"READY {server.get_bound_port()}", flush=True)
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
