#!/usr/bin/env bash
# Builds the Dockerfile's runtime image with buildah and proves it serves: /readyz and a layout request
# from the host with curl, as the image's non-root user.
#
# No Docker engine or registry is reachable here, so two things are made locally first:
#   - the base `debian:bookworm-slim`, by debootstrap (minbase) and `buildah commit` (cached in
#     buildah's storage after the first run);
#   - the binary, by `make release` (the command the Dockerfile's build stage runs), put in a
#     one-file image passed as BINARY_IMAGE, so the build stage, which needs the official Swift
#     image, is skipped and everything from the runtime stage on is the Dockerfile's own.
#
# Usage: scripts/container-smoke.sh [PORT]   (needs root, buildah, debootstrap, curl, hadolint)
set -euo pipefail
cd "$(dirname "$0")/.."

port=${1:-18080}
buildah=(buildah --storage-driver vfs)
base=docker.io/library/debian:bookworm-slim
binary_image=localhost/layoutd-binary:smoke
image=localhost/layoutd:smoke
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

step() { printf '\n== %s\n' "$*"; }

step "hadolint Dockerfile"
"${HADOLINT:-hadolint}" Dockerfile

if ! "${buildah[@]}" inspect --type image "$base" >/dev/null 2>&1; then
    step "making $base with debootstrap"
    rootfs=$(mktemp -d)
    debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >/dev/null
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    container=$("${buildah[@]}" from scratch)
    "${buildah[@]}" copy --quiet "$container" "$rootfs" / >/dev/null
    "${buildah[@]}" config --cmd '["bash"]' "$container"
    "${buildah[@]}" commit --quiet "$container" "$base" >/dev/null
    "${buildah[@]}" rm "$container" >/dev/null
    rm -rf "$rootfs"
fi

step "make release"
make --no-print-directory release

step "building the runtime image"
container=$("${buildah[@]}" from scratch)
"${buildah[@]}" copy --quiet "$container" .build/release/layoutd /usr/local/bin/layoutd >/dev/null
"${buildah[@]}" commit --quiet "$container" "$binary_image" >/dev/null
"${buildah[@]}" rm "$container" >/dev/null
"${buildah[@]}" bud --quiet --isolation chroot --pull=never --layers=false \
    --build-arg BINARY_IMAGE="$binary_image" --target runtime -t "$image" . >/dev/null
# buildah keeps the container of the aliased binary stage, and the images an earlier run tagged are
# left dangling: remove both, so repeated runs do not fill the disk.
"${buildah[@]}" containers --format '{{.ContainerName}}' | grep '^layoutd-binary-working-container' \
    | xargs -r "${buildah[@]}" rm >/dev/null
"${buildah[@]}" rmi --prune >/dev/null 2>&1 || true

step "running the container on port $port"
entrypoint=$("${buildah[@]}" inspect --type image --format '{{range .OCIv1.Config.Entrypoint}}{{.}} {{end}}' "$image" | sed 's/ *$//')
user=$("${buildah[@]}" inspect --type image --format '{{.OCIv1.Config.User}}' "$image")
[ "$user" = "10001:10001" ] || { echo "image user is '$user', expected 10001:10001"; exit 1; }
container=$("${buildah[@]}" from --pull-never "$image")
log=$(mktemp)
cleanup() {
    pkill -TERM -f "^$entrypoint --host 127.0.0.1 --port $port\$" 2>/dev/null || true
    wait 2>/dev/null || true
    "${buildah[@]}" rm "$container" >/dev/null 2>&1 || true
    rm -f "$log"
}
trap cleanup EXIT
# chroot isolation shares the host's network, so the host reaches the server on loopback.
"${buildah[@]}" run --isolation chroot "$container" -- $entrypoint --host 127.0.0.1 --port "$port" >"$log" 2>&1 &

for _ in $(seq 1 50); do
    curl -sf "localhost:$port/readyz" >/dev/null && break
    sleep 0.2
done

step "checks"
passed=0
check() {  # name, expected substring, curl arguments...
    local name=$1 expected=$2; shift 2
    local answer
    answer=$(curl -s -w ' HTTP %{http_code}' "$@" || true)
    if [[ "$answer" == *"$expected"* ]]; then
        echo "ok: $name"; passed=$((passed + 1))
    else
        echo "FAILED: $name: expected '$expected' in: ${answer:0:300}"; cat "$log"; exit 1
    fi
}
check "readyz answers 200" 'HTTP 200' "localhost:$port/readyz"
check "a layout request answers the frames" '"contentSize":{"width":320,"height":110}' \
    "localhost:$port/v1/layout" -H 'Content-Type: application/json' \
    -d '{"bounds": {"width": 320, "height": 200}, "itemCount": 7}'
check "the playground page is served from the binary" '<title>layoutd playground</title>' "localhost:$port/playground"
check "and the client's modules" 'export class LayoutdClient' "localhost:$port/playground/layoutd.js"
pid=$(pgrep -f "^$entrypoint --host 127.0.0.1 --port $port\$" | head -1)
uid=$(ps -o uid= -p "$pid" | tr -d ' ')
if [ "$uid" = 10001 ]; then echo "ok: the server runs as uid 10001"; passed=$((passed + 1)); else
    echo "FAILED: the server runs as uid '$uid', expected 10001"; exit 1; fi
echo "container smoke: $passed passed, 0 failed"
