#!/usr/bin/env python3
"""Writes Esoterica's piece sets (assets/pieces/<set>/<side><kind>.svg) from one drawing
per kind: `classic` (shaded, lit from the upper left) and `print` (flat fills and heavier
outlines for projectors). The geometry lives here; run it after changing a shape:

    python3 tools/pieces/make_pieces.py

The art is the project's own (MIT OR Apache-2.0, see assets/LICENSES.md). Every drawing
uses a 100 x 100 view box, the piece standing on y = 90, centred on x = 50.
"""
import os

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "assets", "pieces")

# The plinth most pieces stand on.
PLINTH = "M21 90 C21 84.5 24.5 80.5 30 80.5 H70 C75.5 80.5 79 84.5 79 90 Z"

# Each kind: body paths (filled, outlined, in drawing order), detail lines (stroked in the
# detail colour over the body), accent paths (filled in the accent colour, outlined).
KINDS = {
    "P": dict(
        body=[
            "M24 90 C24 85 27.5 81 33 81 H67 C72.5 81 76 85 76 90 Z",
            "M38 45 C38 40.5 43 38.5 50 38.5 C57 38.5 62 40.5 62 45 C62 47.5 59 48.5 56.5 49.5"
            " C57.5 60 62.5 68.5 69 75.5 C71.5 78.5 70.5 81 67.5 81 H32.5 C29.5 81 28.5 78.5 31 75.5"
            " C37.5 68.5 42.5 60 43.5 49.5 C41 48.5 38 47.5 38 45 Z",
            "M50 15.5 A12 12 0 1 1 49.99 15.5 Z",
        ],
        detail=[],
    ),
    "R": dict(
        body=[
            PLINTH,
            "M27 81 C27 77.5 29 75.5 32.5 75.5 H67.5 C71 75.5 73 77.5 73 81 Z",
            "M26 17 H37.5 V25 H44.5 V17 H55.5 V25 H62.5 V17 H74 V35 L66.5 43 L68.5 75.5 H31.5"
            " L33.5 43 L26 35 Z",
        ],
        detail=["M33.5 43 H66.5", "M32.2 69 H67.8", "M27 35 H73"],
    ),
    "B": dict(
        body=[
            PLINTH,
            "M39.5 74 C39.5 78 35.5 79.5 31.5 80.5 H68.5 C64.5 79.5 60.5 78 60.5 74 Z",
            "M37 70 C37 65.5 42 63.5 50 63.5 C58 63.5 63 65.5 63 70 C63 73.5 58 75 50 75"
            " C42 75 37 73.5 37 70 Z",
            "M50 20.5 C39 28 32.5 40 34.5 51.5 C35.5 58.5 40.5 62.5 44 64 H56 C59.5 62.5 64.5 58.5"
            " 65.5 51.5 C67.5 40 61 28 50 20.5 Z",
            "M50 8.5 A6 6 0 1 1 49.99 8.5 Z",
        ],
        detail=["M57.5 32 L46 47", "M41 57.5 C46 59.5 54 59.5 59 57.5"],
    ),
    "N": dict(
        body=[
            PLINTH,
            "M29.5 80.5 C29 69 34.5 61.5 42 55.5 C37.5 57.5 32 60 27.5 62 C23 64 19.5 63.5 17 60"
            " C14.5 56.5 14.5 52.5 18 49 L37 29 C39 23.5 43 19.5 47.5 17 L50 9 L56 16.5"
            " C71 19.5 81 36 80.5 56.5 C80.2 66 78.5 73.5 76 80.5 Z",
        ],
        detail=[
            "M57.5 22 C68 28 73.5 42 73.5 60 C73.5 67 72.5 73 71 78",
            "M18.5 57.5 L25.5 56.5",
            "M41.5 30.5 A2.6 2.6 0 1 1 41.49 30.5 Z",
            "M22.5 52 A1.4 1.4 0 1 1 22.49 52 Z",
        ],
    ),
    "Q": dict(
        body=[
            "M21 90 C21 84.5 24.5 81 28.5 80 C35 78 42 77 50 77 C58 77 65 78 71.5 80"
            " C75.5 81 79 84.5 79 90 Z",
            "M24.5 72 C32.5 69 42 68 50 68 C58 68 67.5 69 75.5 72 L73.5 80.5 C66 78.5 58 77.5 50 77.5"
            " C42 77.5 34 78.5 26.5 80.5 Z",
            "M24.5 72 L14.5 35 L33.5 55 L31.5 25.5 L44 53 L50 21.5 L56 53 L68.5 25.5 L66.5 55"
            " L85.5 35 L75.5 72 C67.5 69 58 68 50 68 C42 68 32.5 69 24.5 72 Z",
            "M14 26.5 A4.5 4.5 0 1 1 13.99 26.5 Z",
            "M31.5 17 A4.5 4.5 0 1 1 31.49 17 Z",
            "M50 12 A5 5 0 1 1 49.99 12 Z",
            "M68.5 17 A4.5 4.5 0 1 1 68.49 17 Z",
            "M86 26.5 A4.5 4.5 0 1 1 85.99 26.5 Z",
        ],
        detail=["M27 63 C36 59.5 44 59 50 59 C56 59 64 59.5 73 63"],
    ),
    "K": dict(
        body=[
            "M21 90 C21 84.5 24.5 81 28.5 80 C35 78 42 77 50 77 C58 77 65 78 71.5 80"
            " C75.5 81 79 84.5 79 90 Z",
            "M26 73.5 C34 70.5 42 69.5 50 69.5 C58 69.5 66 70.5 74 73.5 L72.5 80.5 C66 78.5 58 77.5"
            " 50 77.5 C42 77.5 34 78.5 27.5 80.5 Z",
            "M26 73.5 C15 65.5 9.5 53.5 15.5 43.5 C21.5 33.5 36 35 44 45.5 L50 53 L56 45.5"
            " C64 35 78.5 33.5 84.5 43.5 C90.5 53.5 85 65.5 74 73.5 C66 70.5 58 69.5 50 69.5"
            " C42 69.5 34 70.5 26 73.5 Z",
            "M50 54 C45.5 48 41.5 42 43.5 36 C45 31 55 31 56.5 36 C58.5 42 54.5 48 50 54 Z",
            "M47 5.5 H53 V12 H59.5 V18 H53 V30 H47 V18 H40.5 V12 H47 Z",
        ],
        detail=["M20.5 59.5 C31 53.5 42 55.5 50 62 C58 55.5 69 53.5 79.5 59.5"],
    ),
    # Guard: one diagonal step (the saltire on its shield) or a (3,1) leap (the bent
    # arrow of its crest: three squares, then one across).
    "G": dict(
        body=[
            PLINTH,
            "M38.5 73 C38.5 77.5 35 79.5 31 80.5 H69 C65 79.5 61.5 77.5 61.5 73 Z",
            "M27 28 C36 26 43.5 23.5 50 19.5 C56.5 23.5 64 26 73 28 C74.5 48 68 64 50 74"
            " C32 64 25.5 48 27 28 Z",
        ],
        detail=["M37.5 35 L62.5 60", "M62.5 35 L37.5 60"],
        accent=[
            "M34 6.5 H62.5 V1.5 L71.5 9.5 L62.5 17.5 V12.5 H40 V16.5 H34 Z",
        ],
    ),
    # Matriarch: a Queen's lines, limited by the zone it starts from: the nested squares
    # (the board's zones) on its body.
    "M": dict(
        body=[
            "M21 90 C21 84.5 24.5 81 28.5 80 C35 78 42 77 50 77 C58 77 65 78 71.5 80"
            " C75.5 81 79 84.5 79 90 Z",
            "M24.5 72 C32.5 69 42 68 50 68 C58 68 67.5 69 75.5 72 L73.5 80.5 C66 78.5 58 77.5 50 77.5"
            " C42 77.5 34 78.5 26.5 80.5 Z",
            "M24.5 72 L14.5 35 L33.5 55 L31.5 25.5 L44 53 L50 21.5 L56 53 L68.5 25.5 L66.5 55"
            " L85.5 35 L75.5 72 C67.5 69 58 68 50 68 C42 68 32.5 69 24.5 72 Z",
            "M14 26.5 A4.5 4.5 0 1 1 13.99 26.5 Z",
            "M31.5 17 A4.5 4.5 0 1 1 31.49 17 Z",
            "M50 12 A5 5 0 1 1 49.99 12 Z",
            "M68.5 17 A4.5 4.5 0 1 1 68.49 17 Z",
            "M86 26.5 A4.5 4.5 0 1 1 85.99 26.5 Z",
        ],
        detail=[],
        accent=[
            "M35 46 H65 V71 H35 Z M40 51 V66 H60 V51 Z",
            "M45 56 H55 V61 H45 Z",
        ],
    ),
    # Jumper: a spring under a cap, its leap the arc above it.
    "J": dict(
        body=[
            PLINTH,
            "M30 80.5 L70 73 L30 65.5 L70 58 L30 50.5 L70 43"
            " L70 48 L40.5 53.2 L70 58.5 L70 63 L40.5 68.2 L70 73.5 L70 78 L40.5 80.5 Z",
            "M28 43.5 C28 32 37.5 25.5 50 25.5 C62.5 25.5 72 32 72 43.5 Z",
        ],
        detail=["M36 37 C39.5 32 44 30.5 49 30.5"],
        accent=[
            "M18 27 C22 10 45 3 62 9.5 L64.5 3.5 L73 15.5 L59 18.5 L61 13.5"
            " C47.5 9 29 13.5 24.5 27.5 Z",
        ],
    ),
    # Outer Knight: a winged horse; its leap grows toward the rim of the board.
    "O": dict(
        body=[
            PLINTH,
            "M29.5 80.5 C29 69 34.5 61.5 42 55.5 C37.5 57.5 32 60 27.5 62 C23 64 19.5 63.5 17 60"
            " C14.5 56.5 14.5 52.5 18 49 L37 29 C39 23.5 43 19.5 47.5 17 L50 9 L56 16.5"
            " C71 19.5 81 36 80.5 56.5 C80.2 66 78.5 73.5 76 80.5 Z",
        ],
        detail=[
            "M18.5 57.5 L25.5 56.5",
            "M41.5 30.5 A2.6 2.6 0 1 1 41.49 30.5 Z",
            "M22.5 52 A1.4 1.4 0 1 1 22.49 52 Z",
        ],
        accent=[
            "M58 63 C56 40 68 19 97 7 C96.5 15 93.5 20.5 89 24 C94 24 97.5 26.5 98 29"
            " C93 33 88 34.5 83.5 34.5 C88.5 37.5 91 41 91 44.5 C85 46.5 80 46.5 76 45.5"
            " C79 49.5 79.5 53.5 78.5 57 C72 60 65 61.5 58 63 Z",
        ],
        wing=True,
    ),
}

SETS = {
    "classic": dict(
        width=2.6,
        detail_width=2.3,
        sides={
            "w": dict(hi="#ffffff", mid="#efe6d4", lo="#c3b294", line="#2b2521",
                      detail="#4b4038", accent="#d9a521"),
            "b": dict(hi="#77706a", mid="#3b3632", lo="#191615", line="#0b0a09",
                      detail="#e9dfcb", accent="#e2b031"),
        },
    ),
    "print": dict(
        width=4.2,
        detail_width=3.6,
        sides={
            "w": dict(hi="#ffffff", mid="#ffffff", lo="#ffffff", line="#000000",
                      detail="#000000", accent="#f0a800"),
            "b": dict(hi="#141414", mid="#141414", lo="#141414", line="#000000",
                      detail="#ffffff", accent="#ffc21a"),
        },
    ),
}


def svg(kind, set_name, side):
    s = SETS[set_name]
    c = s["sides"][side]
    k = KINDS[kind]
    w = s["width"]
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">',
        "<defs>",
        '<linearGradient id="body" gradientUnits="userSpaceOnUse" x1="22" y1="14" x2="80" y2="72">',
        f'<stop offset="0" stop-color="{c["hi"]}"/>',
        f'<stop offset="0.5" stop-color="{c["mid"]}"/>',
        f'<stop offset="1" stop-color="{c["lo"]}"/>',
        "</linearGradient>",
        "</defs>",
    ]
    body = k["body"]
    if k.get("wing"):
        # The wing sits behind the neck: drawn before the head.
        out.append(
            f'<g fill="{c["accent"]}" stroke="{c["line"]}" stroke-width="{w}" '
            'stroke-linejoin="round">'
        )
        for d in k["accent"]:
            out.append(f'<path d="{d}"/>')
        out.append("</g>")
    out.append(
        f'<g fill="url(#body)" stroke="{c["line"]}" stroke-width="{w}" '
        'stroke-linejoin="round" stroke-linecap="round">'
    )
    for d in body:
        out.append(f'<path d="{d}"/>')
    out.append("</g>")
    if k["detail"]:
        out.append(
            f'<g fill="none" stroke="{c["detail"]}" stroke-width="{s["detail_width"]}" '
            'stroke-linejoin="round" stroke-linecap="round">'
        )
        for d in k["detail"]:
            filled = d.endswith("Z")
            fill = f' fill="{c["detail"]}"' if filled else ""
            out.append(f'<path d="{d}"{fill}/>')
        out.append("</g>")
    if k.get("accent") and not k.get("wing"):
        out.append(
            f'<g fill="{c["accent"]}" fill-rule="evenodd" stroke="{c["line"]}" '
            f'stroke-width="{w * 0.8:.2f}" stroke-linejoin="round">'
        )
        for d in k["accent"]:
            out.append(f'<path d="{d}"/>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    for set_name in SETS:
        d = os.path.join(ROOT, set_name)
        os.makedirs(d, exist_ok=True)
        for side in ("w", "b"):
            for kind in KINDS:
                with open(os.path.join(d, f"{side}{kind}.svg"), "w") as f:
                    f.write(svg(kind, set_name, side))


if __name__ == "__main__":
    main()
