#!/usr/bin/env python3
"""Plays one `esoterica tournament` as N shards on a Ray cluster and merges them.

Each shard is a Ray task that runs

    esoterica tournament <ARGS> --shard K/N --results <tmp>/shard-K.ron --jobs J

on whichever node Ray gives it and returns the result file's text to the driver (so the
nodes need no shared file system, only the `esoterica` binary at the same path). The
driver writes the N files to --out and runs `esoterica tournament merge` on them, which
prints the report and writes --pgn/--json/--results exactly as the unsharded run would.

Usage (from the repository root):

    python3 scripts/ray_tournament.py --exe target/release/esoterica --shards 4 \\
        --out ray-out [--address auto] [--jobs-per-shard 1] \\
        [--pgn all.pgn --json all.json --results all.ron] \\
        -- --bot random --bot greedy --bot alphabeta:2 --variants all --nodes 2000

Everything after `--` is passed to every shard unchanged; it must not contain --shard,
--results, --pgn, --json or --jobs (the script sets them). Without --address, ray.init()
starts a local cluster on this machine (what CI does). Exit status: 0, or the first
failing shard's or the merge's status (1 when the arguments are refused here).
"""

import argparse
import os
import subprocess
import sys
import tempfile

import ray

RESERVED = ("--shard", "--results", "--pgn", "--json", "--jobs")


@ray.remote
def play_shard(exe, args, k, n, jobs):
    """Plays shard k of n; returns (exit status, stderr tail, result file text)."""
    with tempfile.TemporaryDirectory(prefix="esoterica-shard-") as tmp:
        path = os.path.join(tmp, f"shard-{k}.ron")
        cmd = [exe, "tournament", *args, "--shard", f"{k}/{n}", "--results", path,
               "--jobs", str(jobs)]
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, check=False)
        text = None
        if proc.returncode in (0, 3) and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                text = f.read()
        return proc.returncode, proc.stderr[-2000:], text


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--exe", required=True, help="the esoterica binary (same path on every node)")
    p.add_argument("--shards", type=int, required=True, help="number of shards N (tasks)")
    p.add_argument("--out", required=True, help="folder for the shard result files")
    p.add_argument("--address", default=None, help="Ray cluster address (default: a local cluster)")
    p.add_argument("--jobs-per-shard", type=int, default=1, help="worker threads (and CPUs) per shard")
    p.add_argument("--pgn", help="merged PGN file")
    p.add_argument("--json", help="merged JSON report")
    p.add_argument("--results", help="merged result file")
    p.add_argument("tournament", nargs=argparse.REMAINDER,
                   help="-- then the tournament arguments")
    a = p.parse_args()
    args = a.tournament[1:] if a.tournament[:1] == ["--"] else a.tournament
    bad = [w for w in args if w.split("=")[0] in RESERVED]
    if bad:
        print(f"error: the script sets {', '.join(RESERVED)}; remove {' '.join(bad)}",
              file=sys.stderr)
        return 1
    if a.shards < 1 or a.jobs_per_shard < 1:
        print("error: --shards and --jobs-per-shard must be at least 1", file=sys.stderr)
        return 1
    exe = os.path.abspath(a.exe)
    os.makedirs(a.out, exist_ok=True)

    ray.init(address=a.address, include_dashboard=False, log_to_driver=False)
    task = play_shard.options(num_cpus=a.jobs_per_shard)
    futures = [task.remote(exe, args, k, a.shards, a.jobs_per_shard) for k in range(a.shards)]
    files = []
    status = 0
    for k, (rc, err, text) in enumerate(ray.get(futures)):
        if text is None:
            print(f"error: shard {k}/{a.shards} failed (exit {rc}):\n{err}", file=sys.stderr)
            status = status or rc or 1
            continue
        path = os.path.join(a.out, f"shard-{k}.ron")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        files.append(path)
    ray.shutdown()
    if status:
        return status

    merge = [exe, "tournament", "merge", *files]
    for flag, value in (("--pgn", a.pgn), ("--json", a.json), ("--results", a.results)):
        if value:
            merge += [flag, value]
    return subprocess.run(merge, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
