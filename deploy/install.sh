#!/usr/bin/env bash
# Installs Feltguard on a table's Raspberry Pi from the packed artifact (docs/install.md):
#   sudo deploy/install.sh feltguard-0.1.0.tgz
# It creates the service user `feltguard`, /etc/feltguard (configuration, table key) and
# /var/lib/feltguard (the journal), installs the artifact under /opt/feltguard with
# `npm install --omit=dev` (no compiler needed: the artifact carries its native bindings), links the
# command /usr/local/bin/feltguard, installs the systemd unit and the udev rules, makes the table key,
# and enables the service.
#
#   --destdir DIR  write every file under DIR instead of / (packaging, tests)
#   --dry-run      print the commands that change the system (user, ownership, npm, systemctl, udevadm,
#                  keygen) instead of running them; files are still written under --destdir
#   --no-enable    install, but do not enable the service
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
destdir=""
dry_run=0
enable=1
artifact=""
user=feltguard
prefix=/opt/feltguard

# The comment at the top, up to its first line that is not a comment.
usage() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --destdir) destdir="${2:?--destdir needs a directory}"; shift 2 ;;
    --dry-run) dry_run=1; shift ;;
    --no-enable) enable=0; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) artifact="$1"; shift ;;
  esac
done
if [ -z "$artifact" ]; then
  echo "install.sh: name the packed artifact (npm pack makes feltguard-<version>.tgz)" >&2
  exit 2
fi
if [ ! -f "$artifact" ]; then
  echo "install.sh: $artifact: no such file" >&2
  exit 2
fi
artifact="$(cd "$(dirname "$artifact")" && pwd)/$(basename "$artifact")"
# A dry run still writes the files (that is what it shows): only ever under a --destdir, never in /.
if [ "$dry_run" -eq 1 ] && [ -z "$destdir" ]; then
  echo "install.sh: --dry-run writes the files under --destdir: name one (e.g. --destdir /tmp/fg)" >&2
  exit 2
fi
if [ "$dry_run" -eq 0 ] && [ -z "$destdir" ] && [ "$(id -u)" -ne 0 ]; then
  echo "install.sh: run as root (sudo), or with --destdir DIR --dry-run to see what it does" >&2
  exit 1
fi

# Commands that change the system: run, or only said in a dry run.
run() {
  if [ "$dry_run" -eq 1 ]; then
    printf 'would run:'
    printf ' %q' "$@"
    printf '\n'
  else
    "$@"
  fi
}
say() { printf 'install.sh: %s\n' "$*"; }

etc="$destdir/etc/feltguard"
state="$destdir/var/lib/feltguard"
opt="$destdir$prefix"

say "service user $user"
if ! id "$user" >/dev/null 2>&1; then
  run useradd --system --no-create-home --home-dir /var/lib/feltguard --shell /usr/sbin/nologin \
    --user-group --groups dialout "$user"
else
  run usermod --append --groups dialout "$user"
fi

say "directories $etc and $state"
install -d -m 0750 "$etc" "$state"
# The program is root's and read by all: the service user must read and run it, and may not change it.
install -d -m 0755 "$opt"
run chown "root:$user" "$destdir/etc/feltguard"
run chown "$user:$user" "$destdir/var/lib/feltguard"

say "artifact $(basename "$artifact") into $opt"
# npm takes `overrides` only from the project it installs into (here $opt), not from the artifact: without
# them johnny-five and firmata would bring serialport 8, whose native binding has no build for Node 20
# and compiles at install. The artifact's overrides become $opt/package.json's (made again each install).
# So does its `allowScripts` (npm 11 runs only the install scripts a project allows): without it, npm
# printed "2 packages have install scripts not yet covered by allowScripts" (node-hid, the serialport
# binding: both load their prebuilt binaries and need no script), a warning with nothing to do about it.
tar -xzf "$artifact" -O package/package.json | node -e '
  let text = "";
  process.stdin.on("data", (d) => (text += d)).on("end", () => {
    const pkg = JSON.parse(text);
    const overrides = Object.fromEntries(Object.entries(pkg.overrides ?? {}).map(([name, spec]) =>
      [name, typeof spec === "string" && spec.startsWith("$") ? pkg.dependencies[spec.slice(1)] : spec]));
    const opt = { name: "feltguard-installed", private: true, overrides, allowScripts: pkg.allowScripts ?? {} };
    process.stdout.write(JSON.stringify(opt, null, 2) + "\n");
  });' >"$opt/package.json"
chmod 0644 "$opt/package.json"
run npm install --prefix "$opt" --omit=dev --no-audit --no-fund --no-save "$artifact"
package="$opt/node_modules/feltguard"
# The command the docs use (`feltguard doctor …`): a link on root's and every user's PATH.
install -d -m 0755 "$destdir/usr/local/bin"
ln -sfn "$prefix/node_modules/feltguard/bin/feltguard.js" "$destdir/usr/local/bin/feltguard"
say "command /usr/local/bin/feltguard -> $prefix/node_modules/feltguard/bin/feltguard.js"

# The configuration: the bundled default the first time; an existing one is never overwritten.
if [ ! -f "$etc/table.yaml" ]; then
  tar -xzf "$artifact" -O package/config/default.yaml >"$etc/table.yaml"
  chmod 0640 "$etc/table.yaml"
  # Read by the service (its group), written by root only.
  run chown "root:$user" "$etc/table.yaml"
  say "configuration $etc/table.yaml (the default table: edit it, then feltguard check-config)"
else
  say "configuration $etc/table.yaml kept"
fi

say "systemd unit and udev rules"
install -D -m 0644 "$here/feltguard.service" "$destdir/etc/systemd/system/feltguard.service"
install -D -m 0644 "$here/99-feltguard.rules" "$destdir/etc/udev/rules.d/99-feltguard.rules"
run udevadm control --reload
run udevadm trigger

# The table key signs the journal's checkpoints and anchor; its .pub goes to the auditor.
if [ ! -f "$etc/table.key" ]; then
  say "table key $etc/table.key"
  run node "$package/bin/feltguard.js" journal keygen --key "$etc/table.key"
  run chown "$user:$user" "$etc/table.key" "$etc/table.key.pub"
else
  say "table key $etc/table.key kept"
fi

run systemctl daemon-reload
if [ "$enable" -eq 1 ]; then
  run systemctl enable feltguard.service
  say "enabled: start it with systemctl start feltguard; check with feltguard doctor"
fi
