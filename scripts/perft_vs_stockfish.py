#!/usr/bin/env python3
"""Perft speed of the rules core, shakmaty 0.30.1 and Stockfish's `go perft` on the standard
positions of benches/perft.rs, in one table (Mnodes/s, best of 3; ratios ours / theirs).

Usage, from the repository root:

    cargo bench --no-default-features --bench perft --no-run
    scripts/perft_vs_stockfish.py            # honours CARGO_TARGET_DIR and STOCKFISH

Ours and shakmaty come from the bench binary's comparison table (`PERFT_TABLE=1`: the
table only). Stockfish (default /usr/games/stockfish, the Debian package) runs in one
process for all positions: each `go perft` is timed from the command to its
`Nodes searched` line, so start-up and loading the network are not counted. Stockfish's
perft also counts the legal moves at the last ply without playing them, but makes and
unmakes moves in place where the other two copy the position.
"""

import glob
import os
import subprocess
import sys
import time

ROUNDS = 3

# (name, FEN, depth, nodes): the same cases as benches/perft.rs.
CASES = [
    ("start d4", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197_281),
    ("start d5", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
    ("kiwipete d3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
    ("kiwipete d4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
    ("pos3 d5", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
    ("pos4 d4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
    ("pos5 d4", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487),
]


def bench_table():
    """{case: (ours Mn/s, shakmaty Mn/s)} from the bench binary."""
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    bins = [b for b in glob.glob(f"{target}/release/deps/perft-*") if not b.endswith(".d")]
    if not bins:
        sys.exit(f"no bench binary under {target}: cargo bench --no-default-features --bench perft --no-run")
    exe = max(bins, key=os.path.getmtime)
    out = subprocess.run([exe], env={**os.environ, "PERFT_TABLE": "1"}, capture_output=True,
                         text=True, check=True).stdout
    table = {}
    for name, *_ in CASES:
        for line in out.splitlines():
            if line.startswith(name + " "):
                cols = line[len(name):].split()
                table[name] = (float(cols[1]), float(cols[2]))
    return table


def stockfish_table():
    """{case: Stockfish Mn/s}, best of ROUNDS per case, one process."""
    exe = os.environ.get("STOCKFISH", "/usr/games/stockfish")
    if not os.access(exe, os.X_OK):
        sys.exit(f"no Stockfish at {exe}: install it (apt-get install stockfish) or set STOCKFISH")
    sf = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(cmd):
        sf.stdin.write(cmd + "\n")
        sf.stdin.flush()

    def wait_for(prefix):
        for line in sf.stdout:
            if line.startswith(prefix):
                return line
        sys.exit(f"stockfish ended before '{prefix}'")

    send("uci")
    wait_for("uciok")
    send("setoption name Threads value 1")
    send("isready")
    wait_for("readyok")
    table = {}
    for name, fen, depth, nodes in CASES:
        best = None
        for _ in range(ROUNDS):
            send(f"position fen {fen}")
            send("isready")
            wait_for("readyok")
            t = time.perf_counter()
            send(f"go perft {depth}")
            line = wait_for("Nodes searched")
            secs = time.perf_counter() - t
            n = int(line.split(":")[1])
            if n != nodes:
                sys.exit(f"stockfish {name}: {n} nodes, expected {nodes}")
            best = secs if best is None else min(best, secs)
        table[name] = nodes / best / 1e6
    send("quit")
    sf.wait()
    return table


def main():
    ours = bench_table()
    sf = stockfish_table()
    print(f"perft Mnodes/s, best of {ROUNDS}; ratios are ours / theirs")
    print(f"{'case':<12} {'nodes':>10} {'ours':>8} {'shakmaty':>9} {'stockfish':>10} {'/shak':>7} {'/sf':>7}")
    for name, _fen, _depth, nodes in CASES:
        a, b = ours[name]
        c = sf[name]
        print(f"{name:<12} {nodes:>10} {a:>8.1f} {b:>9.1f} {c:>10.1f} {a / b:>7.3f} {a / c:>7.3f}")
    total = sum(n for *_, n in CASES)
    t_ours = sum(n / ours[name][0] for name, *_, n in CASES)
    t_shak = sum(n / ours[name][1] for name, *_, n in CASES)
    t_sf = sum(n / sf[name] for name, *_, n in CASES)
    print(f"{'all':<12} {total:>10} {total / t_ours:>8.1f} {total / t_shak:>9.1f} {total / t_sf:>10.1f} "
          f"{t_shak / t_ours:>7.3f} {t_sf / t_ours:>7.3f}   (by total time)")


if __name__ == "__main__":
    main()
