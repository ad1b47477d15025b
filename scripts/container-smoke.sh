#!/usr/bin/env bash
# Builds the Dockerfile's runtime image with buildah and proves it serves: /readyz and a layout request
# from the host with curl, as the image's non-root user; and that it keeps layouts in a real Redis
# (the host's redis-server, under deploy/redis/redis.conf, on loopback with a password, which the
# container reads from a mounted file as in deploy/kubernetes): a registration is in Redis, and the
# container's server, stopped and started again, still answers it.
#
# No Docker engine or registry is reachable here, so two things are made locally first:
#   - the base `debian:bookworm-slim`, by debootstrap (minbase) and `buildah commit` (cached in
#     buildah's storage after the first run);
#   - the binary, by `make release` (the command the Dockerfile's build stage runs), put in a
#     one-file image passed as BINARY_IMAGE, so the build stage, which needs the official Swift
#     image, is skipped and everything from the runtime stage on is the Dockerfile's own.
#     LAYOUTD_RELEASE_BIN=path uses a release binary built elsewhere instead of running `make release`.
#
# Usage: scripts/container-smoke.sh [PORT]
#   (needs root, buildah, debootstrap, curl, hadolint, python3, redis-server and redis-cli)
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

if [ -n "${LAYOUTD_RELEASE_BIN:-}" ]; then
    release_bin=$LAYOUTD_RELEASE_BIN
    step "using the release binary $release_bin"
else
    step "make release"
    make --no-print-directory release
    release_bin=.build/release/layoutd
fi

step "building the runtime image"
container=$("${buildah[@]}" from scratch)
"${buildah[@]}" copy --quiet "$container" "$release_bin" /usr/local/bin/layoutd >/dev/null
"${buildah[@]}" commit --quiet "$container" "$binary_image" >/dev/null
"${buildah[@]}" rm "$container" >/dev/null
"${buildah[@]}" bud --quiet --isolation chroot --pull=never --layers=false \
    --build-arg BINARY_IMAGE="$binary_image" --target runtime -t "$image" . >/dev/null
# buildah keeps the container of the aliased binary stage, and the images an earlier run tagged are
# left dangling: remove both, so repeated runs do not fill the disk.
"${buildah[@]}" containers --format '{{.ContainerName}}' | grep '^layoutd-binary-working-container' \
    | xargs -r "${buildah[@]}" rm >/dev/null
"${buildah[@]}" rmi --prune >/dev/null 2>&1 || true

step "starting redis-server on loopback"
scratch=$(mktemp -d)
container=
server=  # the container's command line, set below
server_pid() { [ -z "$server" ] || { pgrep -f -x -- "$server" || true; } | head -1; }
stop_server() {
    local pid
    pid=$(server_pid)
    [ -z "$pid" ] || kill -TERM "$pid" 2>/dev/null || true
    [ -z "${run_pid:-}" ] || wait "$run_pid" 2>/dev/null || true
    run_pid=
}
cleanup() {
    stop_server || true
    if [ -n "${redis_pid:-}" ]; then kill -TERM "$redis_pid" 2>/dev/null || true; wait "$redis_pid" 2>/dev/null || true; fi
    [ -z "$container" ] || "${buildah[@]}" rm "$container" >/dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT
redis_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis_password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
# The shipped settings, with the data in the scratch folder instead of the volume's /data.
sed "s#^dir /data\$#dir $scratch/redis#" deploy/redis/redis.conf >"$scratch/redis.conf"
mkdir "$scratch/redis"
redis-server "$scratch/redis.conf" --bind 127.0.0.1 --port "$redis_port" --requirepass "$redis_password" \
    >"$scratch/redis.log" 2>&1 &
redis_pid=$!
redis() { REDISCLI_AUTH=$redis_password redis-cli -h 127.0.0.1 -p "$redis_port" "$@"; }
# The Secret as the pod sees it: a file with the password (and the newline an editor leaves), readable
# by the image's user, mounted read-only.
printf '%s\n' "$redis_password" >"$scratch/password"
chmod 0644 "$scratch/password"

step "running the container on port $port"
entrypoint=$("${buildah[@]}" inspect --type image --format '{{range .OCIv1.Config.Entrypoint}}{{.}} {{end}}' "$image" | sed 's/ *$//')
user=$("${buildah[@]}" inspect --type image --format '{{.OCIv1.Config.User}}' "$image")
[ "$user" = "10001:10001" ] || { echo "image user is '$user', expected 10001:10001"; exit 1; }
container=$("${buildah[@]}" from --pull-never "$image")
log=$scratch/layoutd.log
server="$entrypoint --host 127.0.0.1 --port $port --store redis://127.0.0.1:$redis_port --store-password-file /run/secret"
start_server() {
    # chroot isolation shares the host's network, so the host reaches the server on loopback, and the
    # server reaches Redis there.
    # shellcheck disable=SC2086  # the entrypoint and the flags are words
    "${buildah[@]}" run --isolation chroot -v "$scratch/password:/run/secret:ro" "$container" -- $server >>"$log" 2>&1 &
    run_pid=$!
    for _ in $(seq 1 50); do
        curl -sf "localhost:$port/readyz" >/dev/null && return 0
        sleep 0.2
    done
}
for _ in $(seq 1 50); do
    [ "$(redis ping 2>/dev/null)" = PONG ] && break
    sleep 0.1
done
start_server

step "checks"
passed=0
pass() { echo "ok: $1"; passed=$((passed + 1)); }
fail() {
    echo "FAILED: $1"; echo "-- layoutd:"; cat "$log"; echo "-- redis:"; tail -20 "$scratch/redis.log"; exit 1
}
check() {  # name, expected substring, curl arguments...
    local name=$1 expected=$2; shift 2
    local answer
    answer=$(curl -s -w ' HTTP %{http_code}' "$@" || true)
    if [[ "$answer" == *"$expected"* ]]; then pass "$name"
    else fail "$name: expected '$expected' in: ${answer:0:300}"; fi
}
check "readyz answers 200" 'HTTP 200' "localhost:$port/readyz"
check "a layout request answers the frames" '"contentSize":{"width":320,"height":110}' \
    "localhost:$port/v1/layout" -H 'Content-Type: application/json' \
    -d '{"bounds": {"width": 320, "height": 200}, "itemCount": 7}'
check "the playground page is served from the binary" '<title>layoutd playground</title>' "localhost:$port/playground"
check "and the client's modules" 'export class LayoutdClient' "localhost:$port/playground/layoutd.js"
pid=$(server_pid)
uid=$(ps -o uid= -p "$pid" | tr -d ' ')
if [ "$uid" = 10001 ]; then pass "the server runs as uid 10001"; else
    fail "the server runs as uid '$uid', expected 10001"; fi

registered=$(curl -s -w ' HTTP %{http_code}' "localhost:$port/v1/layouts" -H 'Content-Type: application/json' \
    -d '{"viewport": {"width": 390}, "items": [{"width": 390, "height": 120}, {"width": 195, "height": 80}]}' || true)
id=$(grep -o '"layoutId":"[0-9a-f]\{32\}"' <<<"$registered" | cut -d'"' -f4 || true)
if [[ "$registered" == *' HTTP 201' && -n "$id" ]]; then pass "a registration answers 201"; else
    fail "a registration answers 201: ${registered:0:300}"; fi
if [ "$(redis exists "layoutd:r:$id")" = 1 ]; then pass "Redis holds layoutd:r:$id"; else
    fail "Redis has no layoutd:r:$id: $(redis --scan --pattern 'layoutd:*' | head -5 | tr '\n' ' ')"; fi
scroll="localhost:$port/v1/layouts/$id/attributes?x=0&y=0&width=390&height=844"
before=$(curl -s -w ' HTTP %{http_code}' "$scroll" || true)
[[ "$before" == *' HTTP 200' ]] || fail "a scroll of the registered layout answers 200: ${before:0:300}"
check "the store is up" $'\nlayoutd_store_up 1\n' "localhost:$port/metrics"

stop_server
[ -z "$(server_pid)" ] || fail "the container's server did not stop on SIGTERM"
start_server
after=$(curl -s -w ' HTTP %{http_code}' "$scroll" || true)
if [ "$after" = "$before" ]; then pass "after a restart the same id answers the scroll (200, the same bytes)"; else
    fail "after a restart the scroll answered: ${after:0:300} (before: ${before:0:300})"; fi
check "the restarted server loaded it from the store" $'\nlayoutd_store_operations_total{operation="load"} 1\n' \
    "localhost:$port/metrics"
check "and its store is up" $'\nlayoutd_store_up 1\n' "localhost:$port/metrics"
echo "container smoke: $passed passed, 0 failed"
