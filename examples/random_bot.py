#!/usr/bin/env python3
"""A minimal Esoterica bot: plays a random legal move in every variant.

It speaks the line protocol of docs/bot-protocol.md on stdin/stdout. It advertises the
`Esoterica_LegalMoves` option, so the host sends a `legalmoves ...` line before every `go`
and the bot needs no rules knowledge at all.

Run a match against it:

    esoterica match --variant standard --white "ext:python3 examples/random_bot.py 7" \
        --black greedy --games 10

The optional argument is the seed of its random generator (default 0).
"""

import random
import sys

VARIANTS = "standard intrachange force-field parity parity-single big-outer bully nonviolent"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    legal = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "uci":
            say("id name random_bot.py")
            say("id author Esoterica example")
            say("option name Esoterica_LegalMoves type check default false")
            say("option name UCI_Variant type combo default standard var "
                + " var ".join(VARIANTS.split()))
            say("uciok")
        elif command == "isready":
            say("readyok")
        elif command == "position":
            legal = []
        elif command == "legalmoves":
            legal = words[1:]
        elif command == "go":
            # `go movetime MS` or, in Parity, `go commit white|black movetime MS`: the
            # legal moves sent just before are the side's own commits either way.
            say("bestmove " + (rng.choice(legal) if legal else "0000"))
        elif command == "quit":
            return
        # setoption, ucinewgame, stop and anything unknown need no answer.


if __name__ == "__main__":
    main()
