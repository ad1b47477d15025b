#!/usr/bin/env bash
# Builds libmicrohttpd from Debian's source package with our patches (patches/NNNN-*.patch, each
# saying why and which upstream release makes it unnecessary) into a static library that Package.swift
# links: OUT/include/microhttpd.h and OUT/lib/libmicrohttpd.a.
#
# Usage: build-libmicrohttpd.sh OUT [DEBIAN_VERSION]
#
# The source comes from the Debian archive through apt, with a sources list and state of its own (the
# machine's apt configuration is left alone): apt checks the Sources index against the archive's
# signed Release file and each downloaded file against the index, and dpkg-source checks them again
# against the .dsc. Nothing is rebuilt while OUT/stamp matches the version, the patches, the configure
# options and this script.
set -euo pipefail

out=${1:?usage: build-libmicrohttpd.sh OUT [DEBIAN_VERSION]}
version=${2:-0.9.75-6}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)

# A build without what layoutd does not use: TLS, authentication, the post processor, Upgrade.
configure_options=(
    --disable-https --disable-doc --disable-examples --disable-curl --disable-postprocessor
    --disable-dauth --disable-bauth --disable-httpupgrade --disable-sendfile --disable-nls
    --enable-static --disable-shared --with-pic
)

stamp=$( { echo "$version"; echo "${configure_options[*]}"; cat "$0" "$root"/patches/*.patch; } | sha256sum | cut -d' ' -f1)
if [ -f "$out/lib/libmicrohttpd.a" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$stamp" ]; then
    exit 0
fi
echo "building libmicrohttpd $version from Debian's source package into $out"

work="$out/work"
rm -rf "$work" "$out/include" "$out/lib" "$out/stamp"
mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main" \
    > "$work/apt/sources.list"
apt_options=(
    -q -o "Dir::Etc::SourceList=$work/apt/sources.list" -o "Dir::Etc::SourceParts=$work/apt/none"
    -o "Dir::State::Lists=$work/apt/lists" -o "Dir::Cache=$work/apt/cache" -o "APT::Sandbox::User=$(id -un)"
)
apt-get "${apt_options[@]}" update >/dev/null
(cd "$work" && apt-get "${apt_options[@]}" source --download-only "libmicrohttpd=$version" >/dev/null)
# The .dsc's own signature cannot be checked without debian-keyring (apt has checked the chain above):
# its warning stays in the log, shown only when unpacking fails.
if ! dpkg-source --require-strong-checksums -x "$work/libmicrohttpd_$version.dsc" "$work/source" >"$work/unpack.log" 2>&1; then
    cat "$work/unpack.log" >&2
    exit 1
fi

cd "$work/source"
for patch in "$root"/patches/*.patch; do
    patch -p1 --forward --quiet < "$patch" || { echo "$(basename "$patch") does not apply to $version" >&2; exit 1; }
done
CC=${CC:-clang} CFLAGS="-O2 -g" ./configure --quiet "${configure_options[@]}" >/dev/null
make -C src/microhttpd --quiet -j"$(nproc)" >/dev/null

mkdir -p "$out/include" "$out/lib"
cp src/include/microhttpd.h "$out/include/"
cp src/microhttpd/.libs/libmicrohttpd.a "$out/lib/"
cd "$out" && rm -rf "$work"
echo "$stamp" > "$out/stamp"
