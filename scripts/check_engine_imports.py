#!/usr/bin/env python3
"""FlowLayout, the engine, imports nothing but the Swift standard library (and Synchronization).

Lists every module each Swift file under Sources/FlowLayout imports, in every spelling the compiler
accepts (`import X`, `import struct X.Y`, `@_implementationOnly import X`, `@preconcurrency import X`,
`@testable`, `@_exported`, `@_spi(...)`, `public`/`package`/`internal import X`, several on one line
after `;`), every module a `#if canImport(X)` condition names, and every `@_silgen_name` or `@_extern`
declaration (a way to call into C without an import), and fails when anything is not allowed. It also
fails on a public function or initializer whose signature takes a work counter (`WorkCounter`, or a
parameter labelled `work`) unless it is declared `@_spi(WorkCounting)`: the instruments stay out of the
API an app sees.
Comments and string literals are skipped. It also checks that the package gives the FlowLayout target
no dependencies (when `swift package dump-package` can read the manifest).

Usage: check_engine_imports.py [--root DIR] [--self-test]. Exit status 0 when clean, 1 otherwise.
"""
import argparse
import contextlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ALLOWED = {"Swift", "Synchronization"}
ENGINE = Path("Sources/FlowLayout")

IDENT = r"[A-Za-z_][A-Za-z0-9_]*|`[^`]+`"
# Attributes and modifiers that may precede `import`, then an optional kind, then the module path.
IMPORT = re.compile(
    r"(?:^|;)\s*"
    r"(?P<prefix>(?:@[A-Za-z_][A-Za-z0-9_]*(?:\([^)]*\))?\s*|(?:public|package|internal|fileprivate|private)\s+)*)"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func|actor|macro)\s+)?"
    rf"(?P<module>{IDENT})(?:\s*\.\s*(?:{IDENT}))*",
    re.MULTILINE,
)
CAN_IMPORT = re.compile(rf"\bcanImport\s*\(\s*(?P<module>{IDENT})")
DIRECTIVE = re.compile(r"^\s*#\s*(?:if|elseif)\b(?P<condition>.*)$", re.MULTILINE)
FOREIGN = re.compile(r"@(?P<attribute>_silgen_name|_extern|_cdecl)\b")
# A public function or initializer, its attributes and its signature up to the body.
PUBLIC_FUNCTION = re.compile(
    r"(?P<attributes>(?:@[A-Za-z_][A-Za-z0-9_]*(?:\([^)]*\))?\s*)*)"
    r"public\s+(?:(?:static|mutating|nonmutating|override|final|convenience)\s+)*(?:func\s+[^\s(<]+|init\??)"
    r"(?P<signature>[^{]*)\{")
COUNTER = re.compile(r"\bWorkCounter\b|\bwork\s*(?:[A-Za-z_][A-Za-z0-9_]*\s*)?:")


def strip_comments_and_strings(text):
    """The source with comments and string literal contents blanked (newlines kept, so line numbers
    hold). Handles nested block comments, multi-line strings and raw strings (#"…"#)."""
    out = []
    i, n = 0, len(text)
    depth = 0  # block comment nesting
    while i < n:
        if depth:
            if text.startswith("/*", i):
                depth += 1
                i += 2
            elif text.startswith("*/", i):
                depth -= 1
                i += 2
            else:
                out.append("\n" if text[i] == "\n" else " ")
                i += 1
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("/*", i):
            depth = 1
            i += 2
            continue
        match = re.compile(r'(#*)("""|")').match(text, i)
        if match and (match.group(1) or text[i] == '"'):
            hashes, quote = match.group(1), match.group(2)
            closing = quote + hashes
            j = match.end()
            while j < n:
                if not hashes and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(closing, j):
                    j += len(closing)
                    break
                if quote == '"' and text[j] == "\n":
                    break  # an unterminated single-line string: stop at the line's end
                j += 1
            out.append('""' + "".join("\n" if c == "\n" else " " for c in text[match.end():j]))
            i = j
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def problems_in(path, text):
    code = strip_comments_and_strings(text)
    found = []
    for match in IMPORT.finditer(code):
        module = match.group("module").strip("`")
        if module not in ALLOWED:
            found.append((line_of(code, match.start("module")), f"imports {module}"))
    for directive in DIRECTIVE.finditer(code):
        for match in CAN_IMPORT.finditer(directive.group("condition")):
            module = match.group("module").strip("`")
            if module not in ALLOWED:
                found.append((line_of(code, directive.start()), f"tests canImport({module})"))
    for match in FOREIGN.finditer(code):
        found.append((line_of(code, match.start()), f"binds a foreign symbol with @{match.group('attribute')}"))
    for match in PUBLIC_FUNCTION.finditer(code):
        if COUNTER.search(match.group("signature")) and "@_spi(WorkCounting)" not in match.group("attributes"):
            found.append((line_of(code, match.start("signature")), "takes a work counter in its public API"))
    return [f"{path}:{line}: {what}" for line, what in sorted(found)]


def imports_in(text):
    code = strip_comments_and_strings(text)
    return sorted({m.group("module").strip("`") for m in IMPORT.finditer(code)})


def check_manifest(root):
    """The FlowLayout target's dependencies, from the manifest; None when swift cannot read it."""
    swift = shutil.which("swift")
    if not swift:
        return None
    result = subprocess.run([swift, "package", "dump-package", "--package-path", str(root)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return None
    targets = {t["name"]: t for t in json.loads(result.stdout)["targets"]}
    target = targets.get("FlowLayout")
    if target is None:
        return ["Package.swift: no FlowLayout target"]
    found = []
    if target.get("dependencies"):
        found.append("Package.swift: the FlowLayout target has dependencies: "
                     + json.dumps(target["dependencies"]))
    for key in ("settings",):
        for setting in target.get(key) or []:
            kind = setting.get("kind", {})
            if "linkedLibrary" in kind or "linkedFramework" in kind or "unsafeFlags" in kind:
                found.append(f"Package.swift: the FlowLayout target links or passes flags: {json.dumps(kind)}")
    return found


def check(root, manifest=True):
    engine = root / ENGINE
    files = sorted(engine.rglob("*.swift"))
    if not files:
        print(f"check-engine: no Swift files under {engine}", file=sys.stderr)
        return 1
    problems, modules = [], set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        modules.update(imports_in(text))
        problems += problems_in(path.relative_to(root), text)
    if manifest:
        manifest_problems = check_manifest(root)
        if manifest_problems is None:
            print("check-engine: swift package dump-package unavailable, manifest not checked", file=sys.stderr)
        else:
            problems += manifest_problems
    if problems:
        print("FlowLayout may import only " + ", ".join(sorted(ALLOWED)) + ", and keeps work counters out of its public API:",
              file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        return 1
    spelled = ", ".join(modules) if modules else "the standard library implicitly"
    print(f"check-engine: {len(files)} files in {ENGINE} import {spelled}: ok")
    return 0


def self_test():
    """Every spelling of a forbidden import is caught; allowed ones, comments and strings are not."""
    bad = {
        "import Glibc\n": "imports Glibc",
        "import Foundation.NSString\n": "imports Foundation",
        "@_implementationOnly import Darwin\n": "imports Darwin",
        "@preconcurrency import Dispatch\n": "imports Dispatch",
        "@preconcurrency @_implementationOnly import Foundation\n": "imports Foundation",
        "@_spi(Private) import Foo\n": "imports Foo",
        "public import Foundation\n": "imports Foundation",
        "internal import Glibc\n": "imports Glibc",
        "import struct Glibc.timespec\n": "imports Glibc",
        "import func Darwin.write\n": "imports Darwin",
        "let x = 1; import WinSDK\n": "imports WinSDK",
        "#if canImport(Glibc)\n#endif\n": "tests canImport(Glibc)",
        "#if os(Linux) || canImport(Musl)\n#endif\n": "tests canImport(Musl)",
        "#if canImport(Darwin)\n#elseif canImport(Glibc)\nimport Glibc\n#endif\n": "imports Glibc",
        "@_silgen_name(\"write\") func write(_: Int32, _: UnsafeRawPointer, _: Int) -> Int\n":
            "binds a foreign symbol with @_silgen_name",
        "@_extern(c) func puts(_: UnsafePointer<CChar>) -> Int32\n": "binds a foreign symbol with @_extern",
        "public func run(work: inout Int) {}\n": "takes a work counter in its public API",
        "@discardableResult\npublic static func run(\n    _ x: Int, work counted: inout some WorkCounter\n) -> Int { 0 }\n":
            "takes a work counter in its public API",
    }
    good = [
        "import Swift\n",
        "import Synchronization\n",
        "@preconcurrency import Synchronization\n",
        "import struct Swift.Int\n",
        "// import Glibc\n",
        "/* import Foundation /* nested */ import Darwin */\n",
        'let text = "import Glibc"\n',
        'let text = """\nimport Foundation\n"""\n',
        'let text = #"import Glibc "quoted""#\n',
        "let important = 1\nfunc reimport() {}\n",
        "#if canImport(Synchronization)\n#endif\n",
        "@_spi(WorkCounting)\npublic func run(work: inout some WorkCounter) {}\n",
        "func run(work: inout Int) {}\n",
        "public func run(homework: Int) {}\n",
    ]
    failures = 0
    for source, expected in bad.items():
        problems = problems_in("case.swift", source)
        if not any(expected in problem for problem in problems):
            print(f"self-test: not caught: {source!r} (got {problems})", file=sys.stderr)
            failures += 1
    for source in good:
        problems = problems_in("case.swift", source)
        if problems:
            print(f"self-test: false alarm: {source!r}: {problems}", file=sys.stderr)
            failures += 1
    # And the whole check fails on a tree with one bad file.
    with tempfile.TemporaryDirectory() as directory:
        engine = Path(directory) / ENGINE
        engine.mkdir(parents=True)
        (engine / "Good.swift").write_text("import Synchronization\n")
        (engine / "Bad.swift").write_text("import Glibc\n")
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            status = check(Path(directory), manifest=False)
        if status != 1:
            print("self-test: a tree importing Glibc passed", file=sys.stderr)
            failures += 1
    total = len(bad) + len(good) + 1
    print(f"check-engine self-test: {total - failures} passed, {failures} failed")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--self-test", action="store_true", help="check the checker, then the engine")
    arguments = parser.parse_args()
    status = self_test() if arguments.self_test else 0
    return check(arguments.root) or status


if __name__ == "__main__":
    sys.exit(main())
