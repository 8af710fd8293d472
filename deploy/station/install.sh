#!/usr/bin/env bash
# Installs the PetHeart feeder agent on a Debian or Raspberry Pi OS board (docs/stations.md).
#
#   curl -fsSL https://SERVER/station/install.sh | sudo bash -s -- station.json
#
# station.json is the file the console's "Add device" gave. The installer puts the agent (one bundled file) under
# /opt/petheart-feeder, the station file and its secret under /etc/petheart-feeder (the secret in a file only the
# agent's user reads), the state under the station's state_dir, and starts a systemd service that restarts on
# failure and is watched (the agent tells systemd it is alive; a hung agent is restarted).
#
# Options: --bundle FILE|URL (default: the server's, below), --sha256 HEX, --prefix DIR (install under DIR, for
# tests and images), --no-apt, --no-user, --no-systemd.
set -euo pipefail

BUNDLE="${PETHEART_BUNDLE_URL:-@BUNDLE_URL@}"
SHA256="${PETHEART_BUNDLE_SHA256:-@BUNDLE_SHA256@}"
PREFIX=""
APT=1
MAKE_USER=1
SYSTEMD=1
STATION=""
SERVICE_USER=petheart-feeder

die() { echo "petheart-feeder install: $*" >&2; exit 1; }
say() { echo "petheart-feeder install: $*"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) BUNDLE="$2"; shift 2 ;;
    --sha256) SHA256="$2"; shift 2 ;;
    --prefix) PREFIX="$(realpath -m "$2")"; shift 2 ;;
    --no-apt) APT=0; shift ;;
    --no-user) MAKE_USER=0; shift ;;
    --no-systemd) SYSTEMD=0; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) STATION="$1"; shift ;;
  esac
done
[ -n "$STATION" ] || die "give the station file: install.sh station.json"
[ -r "$STATION" ] || die "cannot read $STATION"
case "$BUNDLE" in @*) die "no agent bundle: pass --bundle FILE|URL" ;; esac
if [ -z "$PREFIX" ] && [ "$(id -u)" -ne 0 ]; then die "run as root (sudo), or with --prefix DIR"; fi

# Node ≥ 20 runs the bundle; ffmpeg streams the camera; gpiod's tools drive the GPIO lines.
if [ $APT -eq 1 ]; then
  need=()
  command -v ffmpeg >/dev/null || need+=(ffmpeg)
  command -v gpioset >/dev/null || need+=(gpiod)
  command -v node >/dev/null || need+=(nodejs)
  if [ ${#need[@]} -gt 0 ]; then
    say "installing ${need[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  fi
fi
NODE="$(command -v node || true)"
[ -n "$NODE" ] || die "Node.js is not installed (Node 20 or later)"
major="$("$NODE" -p 'process.versions.node.split(".")[0]')"
[ "$major" -ge 20 ] || die "Node.js $("$NODE" -v) is too old: the agent needs Node 20 or later"

LIB="$PREFIX/opt/petheart-feeder"
ETC="$PREFIX/etc/petheart-feeder"
UNIT_DIR="$PREFIX/etc/systemd/system"
mkdir -p "$LIB" "$ETC"

# The agent: downloaded or copied, checked against its SHA-256 when one is known, then moved into place.
tmp="$(mktemp "$LIB/.bundle.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
case "$BUNDLE" in
  http://*|https://*) curl -fsSL "$BUNDLE" -o "$tmp" || die "could not download $BUNDLE" ;;
  *) cp "$BUNDLE" "$tmp" || die "could not copy $BUNDLE" ;;
esac
case "$SHA256" in
  @*|"") say "no checksum given: the bundle is not verified" ;;
  *) echo "$SHA256  $tmp" | sha256sum --check --status || die "the bundle's SHA-256 does not match: not installed" ;;
esac
chmod 755 "$tmp"
mv "$tmp" "$LIB/petheart-feeder.mjs"
trap - EXIT

# The service user: no login, in the groups that open GPIO lines and cameras.
if [ $MAKE_USER -eq 1 ]; then
  id "$SERVICE_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$SERVICE_USER"
  for g in gpio video; do getent group "$g" >/dev/null && usermod -aG "$g" "$SERVICE_USER"; done
fi

# The station file, with its secret moved to a file only the agent reads; state_dir under the prefix.
"$NODE" - "$STATION" "$ETC" "$PREFIX" <<'JS'
const fs = require('node:fs');
const path = require('node:path');
const [source, etc, prefix] = process.argv.slice(2);
let station;
try {
  station = JSON.parse(fs.readFileSync(source, 'utf8'));
} catch (error) {
  console.error(`petheart-feeder install: ${source} is not a station file (${error.message})`);
  process.exit(1);
}
if (typeof station.secret === 'string') {
  fs.writeFileSync(path.join(etc, 'secret'), station.secret + '\n', { mode: 0o600 });
  delete station.secret;
  station.secret_file = path.join(etc, 'secret');
} else if (typeof station.secret_file === 'string') {
  const from = path.resolve(path.dirname(source), station.secret_file);
  fs.copyFileSync(from, path.join(etc, 'secret'));
  fs.chmodSync(path.join(etc, 'secret'), 0o600);
  station.secret_file = path.join(etc, 'secret');
}
station.state_dir = prefix + (station.state_dir ?? '/var/lib/petheart-feeder');
fs.mkdirSync(station.state_dir, { recursive: true });
fs.writeFileSync(path.join(etc, 'station.json'), JSON.stringify(station, null, 2) + '\n', { mode: 0o640 });
console.log(station.state_dir);
JS
STATE_DIR="$("$NODE" -p "require('$ETC/station.json').state_dir")"
if [ $MAKE_USER -eq 1 ]; then
  chown -R "$SERVICE_USER:$SERVICE_USER" "$STATE_DIR"
  chown root:"$SERVICE_USER" "$ETC/station.json"
  chown "$SERVICE_USER:$SERVICE_USER" "$ETC/secret"
fi

# The agent checks its station file before anything is started.
if ! "$NODE" "$LIB/petheart-feeder.mjs" --station "$ETC/station.json" --check; then
  die "the station file has problems (above); fix it and run the installer again"
fi

# Only groups this system has (systemd refuses to start a unit naming a missing one).
GROUPS_LINE=""
for g in gpio video; do getent group "$g" >/dev/null && GROUPS_LINE="$GROUPS_LINE $g"; done
mkdir -p "$UNIT_DIR"
cat >"$UNIT_DIR/petheart-feeder.service" <<UNIT
[Unit]
Description=PetHeart feeder agent
Documentation=https://github.com/petheart/petheart/blob/main/docs/stations.md
Wants=network-online.target
After=network-online.target time-sync.target

[Service]
Type=notify
NotifyAccess=all
ExecStart=$NODE $LIB/petheart-feeder.mjs --station $ETC/station.json
User=$SERVICE_USER
Group=$SERVICE_USER
SupplementaryGroups=${GROUPS_LINE# }
Restart=on-failure
RestartSec=5
# The agent reports in every 10 s; silent for 30 s means hung: systemd restarts it.
WatchdogSec=30
TimeoutStopSec=20
NoNewPrivileges=true
ProtectSystem=full
ProtectHome=true
PrivateTmp=true
ReadWritePaths=$STATE_DIR

[Install]
WantedBy=multi-user.target
UNIT

if [ $SYSTEMD -eq 1 ]; then
  systemctl daemon-reload
  systemctl enable --now petheart-feeder.service
  say "started; follow it with: journalctl -u petheart-feeder -f"
else
  say "installed under ${PREFIX:-/}; start: $NODE $LIB/petheart-feeder.mjs --station $ETC/station.json"
fi
