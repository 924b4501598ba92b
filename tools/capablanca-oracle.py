#!/usr/bin/env python3
"""Independent perft oracle for the `capablanca` set: Fairy-Stockfish through pyffish.

Not used by CI or the tests (they read the counts from fixtures/perft/capablanca.ron);
this is the recipe that produced and checked those counts:

    python3 -m venv /tmp/ffenv && /tmp/ffenv/bin/pip install pyffish
    /tmp/ffenv/bin/python tools/capablanca-oracle.py check fixtures/perft/capablanca.ron
    /tmp/ffenv/bin/python tools/capablanca-oracle.py positions
    /tmp/ffenv/bin/python tools/capablanca-oracle.py perft "<FEN>" 3

`check` recounts every fixture case with pyffish (depth 5 only with --deep: about
800,000 pyffish calls) and fails on any difference. `positions` plays the move
sequences below from the start with pyffish and prints the FEN it reaches, so the
middle-game positions of the fixture come from Fairy-Stockfish itself, not by hand.
perft recurses over `pyffish.legal_moves` and counts the leaves; the last ply is the
length of the legal move list.
"""
import re
import sys

import pyffish as sf

VARIANT = "capablanca"

# Middle-game positions, each reached from the start position by a move sequence
# (UCI, as pyffish writes moves; castling is the king's two- or three-square move).
SEQUENCES = {
    # White to move, all four castling rights, both white castlings legal.
    "mid-castling": "g2g4 d7d5 c1d3 b8a6 d3b4 a6c5 c2c4 c8b6 b1a3 i7i6 d2d3 d5c4 e1d2 e8b5 i1j3 "
    "b6a4 d1b3 i8j6 h2h4 a4b6 d3d4 a7a5 a3c4 g7g5 h1i1 h8g6 b4c2 g6g7 j3i5 b5b4 "
    "d2e3 h7h5 i1j3 e7e5 i5h7 g8h7 f2f4 b4b3 j3j5 b3b2 c2d1 b2a3 d4c5 g7e8 e3b3 "
    "b6c5 g1e3 e5e4 b3a4 a3d3 d1c3 f7f6 j5j4 d3c4",
    # White to move, en passant on e6 possible (f5xe6), castling rights kept.
    "mid-en-passant": "c1d3 i7i5 g2g3 f7f5 j2j4 a7a6 a2a3 j7j6 h1j2 g8e6 d3c1 i5i4 g3g4 h8f7 j2h3 "
    "d7d6 h3f3 c7c6 e2e4 e6a2 f3g5 j6j5 g5f3 a2d5 a3a4 d8b6 c1d3 d5b3 f3e3 g7g6 "
    "g4f5 f7h8 d1f3 h7h6 i2i3 h8g8 i1h3 b6a7 d3c5 i8j6 c5a6 g8i7 e3d3 i7i8 a6b8 "
    "d6d5 d3b4 e8d7 h3g5 d7e8 g5h7 j6h7 b4d3 e7e5",
    # White to move with a pawn on g7 (promotions with and without capture), black
    # pawn on c2 one step from promoting, white castling rights KQ.
    "mid-promotion": "h2h3 i7i5 i2i4 e7e6 c2c4 c8e7 d1b3 d7d6 g1j4 d6d5 h1i3 e7h4 d2d4 h4i3 b1a3 "
    "g7g5 e1c3 i3h1 c1g5 h1j3 g5c1 d8f6 i1j3 b8c6 a3b1 e8c8 c3e1 e6e5 h3h4 e5d4 "
    "c1j8 b7b6 g2g4 b6b5 e1d1 i8h6 j3i1 h8i8 j4i3 f6d8 i3g1 c8e6 h4i5 e6c8 b1d2 "
    "d5c4 i1g2 a7a5 e2e3 c4b3 d1f3 c6b8 g2i3 c8b7 f3d1 b7e4 i3h1 e4b1 d2e4 d8f6 "
    "e4g5 i8h8 g5f3 h8i8 a2b3 f6g7 d1c1 a5a4 i5h6 d4e3 c1e1 g7h8 g1j4 i8i6 j4i5 "
    "c7c5 e1c1 h8b2 c1b1 b2d4 f3g1 c5c4 b3b4 i6i8 b1h7 d4h8 i5j6 c4c3 h7f5 a4a3 "
    "f5c5 f8e8 j2j3 g8j5 c5g5 i8g7 g5d5 e8e7 h6g7 c3c2",
}


def perft(fen, depth):
    moves = sf.legal_moves(VARIANT, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(sf.get_fen(VARIANT, fen, [m]), depth - 1) for m in moves)


def fixture_cases(path):
    text = open(path).read()
    pat = re.compile(
        r'\(name: "([^"]+)", fen: (None|Some\("([^"]+)"\)), depth: (\d+), nodes: (\d+)'
    )
    for m in pat.finditer(text):
        fen = m.group(3) or sf.start_fen(VARIANT)
        yield m.group(1), fen, int(m.group(4)), int(m.group(5))


def main(argv):
    if len(argv) >= 2 and argv[1] == "positions":
        start = sf.start_fen(VARIANT)
        for name, seq in SEQUENCES.items():
            print(f"{name}: {sf.get_fen(VARIANT, start, seq.split())}")
        return 0
    if len(argv) == 4 and argv[1] == "perft":
        print(perft(argv[2], int(argv[3])))
        return 0
    if len(argv) >= 3 and argv[1] == "check":
        deep = "--deep" in argv
        bad = 0
        for name, fen, depth, want in fixture_cases(argv[2]):
            if depth >= 5 and not deep:
                print(f"{name}: depth {depth} skipped (--deep)")
                continue
            got = perft(fen, depth)
            flag = "ok" if got == want else "DIFFERS"
            bad += got != want
            print(f"{name}: pyffish {got}, fixture {want} {flag}", flush=True)
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
