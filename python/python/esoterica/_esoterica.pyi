"""Type stubs of the native module ``esoterica._esoterica`` (re-exported by ``esoterica``).

Squares are integers in the rules' indexing: ``index = rank * files + file`` with a1 = 0
(White at the bottom); on the Big Outer board (12×12) the corner squares C1–C4 are
144–147. Sides are ``"white"``/``"black"``; variants their command-line names.
"""

import os
from collections.abc import Iterator, Sequence
from typing import Literal, final, overload

import numpy as np
import numpy.typing as npt

Side = Literal["white", "black"]
VariantName = Literal[
    "standard",
    "intrachange",
    "force-field",
    "parity",
    "parity-single",
    "big-outer",
    "bully",
    "nonviolent",
]
KindName = Literal[
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "king",
    "guard",
    "matriarch",
    "jumper",
    "outer-knight",
]
SquareLike = int | str
MoveLike = Move | str

class EsotericaError(ValueError):
    """Base class of every error the rules raise."""

class IllegalMoveError(EsotericaError):
    """A move the rules forbid here."""

    move: str
    """The move as written (coordinate form or the text given)."""
    reason: str
    """The rule that forbids it, in words."""
    code: str
    """The rules' reason as a name: ``blocked``, ``pinned``, ``does-not-answer-check``,
    ``game-over``, ``simultaneous-turn`` …; ``syntax`` or ``ambiguous`` for a move text;
    ``outside-action-space``, ``not-a-legal-action`` or ``not-a-legal-move`` for this
    package's own refusals."""
    rule: dict[str, str | None] | None
    """The rule broken: ``doc`` (``force-field``, or ``standard`` for chess), ``name``,
    ``section``, ``ruling`` and ``title``; ``None`` where the package refuses by itself."""

class MoveTextError(IllegalMoveError):
    """A move text that is unreadable or an ambiguous SAN."""

class PositionError(EsotericaError):
    """A bad position text, variant, square, side or kind name."""

class PgnError(EsotericaError):
    """A game record that cannot be read."""

class BotError(EsotericaError):
    """A bad bot specification, or a bot that failed."""

@final
class Piece:
    """A piece: a side and a kind."""

    def __new__(cls, color: str, kind: str) -> Piece: ...
    @property
    def color(self) -> Side: ...
    @property
    def kind(self) -> KindName: ...
    @property
    def symbol(self) -> str:
        """The position-text letter (upper case White, lower case Black)."""
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

@final
class Move:
    """A legal move (Parity: a commit of one side)."""

    @property
    def uci(self) -> str:
        """Coordinate form: ``e2e4``, ``e7e8q``, ``e1g1`` (castling), ``d1C1``."""
    @property
    def san(self) -> str:
        """The variant's notation in the position the move came from."""
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int:
        """The destination (Intrachange: the exoteric square; castling: the King's)."""
    @property
    def promotion(self) -> KindName | None: ...
    @property
    def side(self) -> Side: ...
    @property
    def piece(self) -> Piece | None: ...
    @property
    def is_castling(self) -> bool: ...
    @property
    def is_en_passant(self) -> bool: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

@final
class MoveList(Sequence[Move]):
    """The legal moves of one side, an immutable sequence (a ``Move`` is made on access)."""

    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, item: object) -> bool:
        """A ``Move`` of this side, or a coordinate text (``"e2e4"``)."""
    def uci(self) -> list[str]: ...
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[object, tuple[Position, Side, list[str]]]:
        """Pickles as the position, the side and the moves' coordinate texts."""

@final
class Outcome:
    """How a game ended."""

    def __init__(self, winner: Side | None, reason: str) -> None:
        """``Outcome("white", "checkmate")``, ``Outcome(None, "repetition")``; raises
        ``PositionError`` for an unknown side or reason."""
    @property
    def winner(self) -> Side | None: ...
    @property
    def reason(self) -> str:
        """``checkmate``, ``king-captured``, ``stalemate``, ``cannot-leave-shared-square``,
        ``forfeit``, ``timeout``, ``resignation`` (wins); ``stalemate``, ``fifty-moves``,
        ``repetition``, ``insufficient-material``, ``simultaneous``, ``agreement``,
        ``timeout-vs-insufficient-material``, ``both-timed-out``, ``ply-cap`` (draws)."""
    @property
    def is_draw(self) -> bool: ...
    @property
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2"]: ...
    @property
    def text(self) -> str: ...
    def score(self, side: str) -> float: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

class Effect:
    """One thing that happened while a move resolved, in rules order."""

    @property
    def kind(self) -> str:
        """The class name (``Step``, ``Teleport``, …)."""
    @property
    def stage(self) -> Literal["exoteric", "esoteric", "capture", "settle"]: ...
    @property
    def text(self) -> str:
        """The rules' one-line wording: ``step White Pawn e2 e4``."""
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[object, tuple[str, int, tuple[object, ...]]]:
        """Pickles as the class name, the board's number of squares and the fields."""

@final
class Step(Effect):
    """Ordinary movement (the exoteric move, a castling Rook, a Parity landing)."""

    __match_args__ = ("piece", "from_square", "to_square")
    piece: Piece
    from_square: int
    to_square: int

@final
class Teleport(Effect):
    """Intrachange: exoteric square → esoteric square (also a pawn's return)."""

    __match_args__ = ("piece", "from_square", "to_square")
    piece: Piece
    from_square: int
    to_square: int

@final
class PassThrough(Effect):
    """Intrachange: the enemy piece on the exoteric square was passed and survives."""

    __match_args__ = ("piece", "square")
    piece: Piece
    square: int

@final
class Capture(Effect):
    """A piece was captured."""

    __match_args__ = ("piece", "square")
    piece: Piece
    square: int

@final
class FailedCapture(Effect):
    """Parity: the target was gone; ``piece`` is the capturing piece, which still lands."""

    __match_args__ = ("piece", "square")
    piece: Piece
    square: int

@final
class Shared(Effect):
    """Parity: two enemy pieces share ``square``."""

    __match_args__ = ("square",)
    square: int

@final
class PawnPasses(Effect):
    """Parity: a pawn stepped off a square it shared with an enemy pawn."""

    __match_args__ = ("piece", "from_square")
    piece: Piece
    from_square: int

@final
class Promote(Effect):
    """A pawn became ``piece`` on ``square``."""

    __match_args__ = ("piece", "square")
    piece: Piece
    square: int

@final
class Check(Effect):
    """``side`` is in check; ``check_kind`` is ``classic``, or in Parity ``immediate`` or
    ``delayed``."""

    __match_args__ = ("side", "check_kind")
    side: Side
    check_kind: Literal["classic", "immediate", "delayed"]

@final
class FailedCheck(Effect):
    """Parity: ``side``'s intended check was defeated by the other move."""

    __match_args__ = ("side",)
    side: Side

@final
class ChargesChanged(Effect):
    """Force Field: the charge map changed."""

    __match_args__ = ()

@final
class GameOver(Effect):
    """The game ended."""

    __match_args__ = ("outcome",)
    outcome: Outcome

class Position:
    """A position of one variant (no history: see :class:`Game`)."""

    def __init__(
        self, variant: str = "standard", text: str | None = None, *, strict: bool = True
    ) -> None: ...
    @property
    def variant(self) -> VariantName: ...
    @property
    def turn(self) -> Side:
        """The side to move (Parity: always ``"white"``; both sides commit)."""
    @property
    def simultaneous(self) -> bool: ...
    @property
    def num_squares(self) -> int: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def fullmove_number(self) -> int: ...
    def legal_moves(self) -> MoveList: ...
    def legal_commits(self, side: str) -> MoveList: ...
    def is_legal(self, move: MoveLike, side: str | None = None) -> bool: ...
    def parse_move(self, text: MoveLike, side: str | None = None) -> Move: ...
    def play(self, move: MoveLike) -> list[Effect]:
        """Plays a move; raises :class:`IllegalMoveError` (position unchanged)."""
    def resolve(self, white: MoveLike, black: MoveLike) -> list[Effect]:
        """Parity: resolves both commits together."""
    def outcome(self) -> Outcome | None: ...
    def in_check(self, side: str | None = None) -> bool: ...
    def text(self) -> str: ...
    def perft(self, depth: int) -> int: ...
    def copy(self) -> Position: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: dict[int, object]) -> Position: ...
    def __eq__(self, other: object) -> bool: ...
    def piece_at(self, square: SquareLike) -> Piece | None: ...
    def pieces(self) -> list[tuple[int, Piece]]: ...
    def square_name(self, square: SquareLike) -> str: ...
    def square(self, name: SquareLike) -> int: ...
    def can_castle(self, side: str, wing: Literal["short", "long"]) -> bool: ...
    def en_passant_squares(self) -> list[int]: ...
    def resting(self, side: str) -> list[int]: ...
    def shared_squares(self) -> list[int]: ...
    def charges(self) -> list[int]:
        """Force Field: net charge per square (White's fields minus Black's)."""
    def hexagram(self, square: SquareLike) -> int:
        """Intrachange: the square's official number 0–63."""
    def teleport_destination(self, square: SquareLike, piece: Piece) -> int | None: ...
    def zone(self, square: SquareLike) -> Literal["central", "mid", "outer"]: ...
    def repetition_key(self) -> int: ...
    def planes(
        self, side: str | None = None, *, relative: bool = False
    ) -> npt.NDArray[np.float32]:
        """Observation planes, channels × rows × columns (``planes_layout(variant)``);
        ``relative``: from ``side``'s point of view (``own-…``/``opponent-…``)."""
    def action_mask(self, side: str | None = None) -> npt.NDArray[np.int8]: ...
    def legal_actions(self, side: str | None = None) -> npt.NDArray[np.int64]: ...
    def move_to_action(self, move: MoveLike) -> int: ...
    def action_to_move(self, action: int, side: str | None = None) -> Move: ...

class Game:
    """A game record: start, moves, positions, result; repetition, undo, PGN."""

    def __init__(self, variant: str = "standard", text: str | None = None) -> None: ...
    @staticmethod
    def from_position(position: Position) -> Game: ...
    @staticmethod
    def from_pgn(text: str, variant: str | None = None) -> Game: ...
    def pgn(self) -> str: ...
    @property
    def variant(self) -> VariantName: ...
    @property
    def position(self) -> Position:
        """A copy of the current position."""
    @property
    def start(self) -> Position: ...
    @property
    def turn(self) -> Side: ...
    @property
    def moves(self) -> list[Move | tuple[Move, Move]]:
        """Moves, or for Parity ``(white, black)`` commit pairs."""
    @property
    def tags(self) -> dict[str, str]: ...
    def set_tag(self, key: str, value: str) -> None:
        """Raises ``ValueError`` for a bad name, a computed tag or a control character."""
    def planes(
        self, side: str | None = None, *, relative: bool = False, history: int = 1
    ) -> npt.NDArray[np.float32]:
        """The planes of the last ``history`` positions (1–64), newest first."""
    def position_after(self, n: int) -> Position: ...
    def __len__(self) -> int: ...
    def legal_moves(self) -> MoveList: ...
    def legal_commits(self, side: str) -> MoveList: ...
    def play(self, move: MoveLike) -> list[Effect]: ...
    def play_turn(self, white: MoveLike, black: MoveLike) -> list[Effect]: ...
    def undo(self) -> Move | tuple[Move, Move] | None: ...
    def outcome(self) -> Outcome | None: ...
    def repetitions(self) -> int: ...
    def declare_draw(self, reason: Literal["agreement", "ply-cap"] = "agreement") -> None: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: dict[int, object]) -> Game: ...
    def __eq__(self, other: object) -> bool:
        """The same start position, moves, result and tags."""
    def __reduce__(self) -> tuple[object, tuple[str, list[tuple[str, str]]]]:
        """Pickles as its PGN and its tags."""

class Bot:
    """A built-in (or external) bot; thinks with the interpreter lock released."""

    def __init__(self, spec: str = "random", seed: int = 0) -> None: ...
    @property
    def spec(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def description(self) -> str: ...
    def choose(
        self,
        position: Position,
        *,
        movetime_ms: int | None = None,
        depth: int | None = None,
        nodes: int | None = None,
    ) -> Move | None: ...
    def commit(
        self,
        position: Position,
        side: str,
        *,
        movetime_ms: int | None = None,
        depth: int | None = None,
        nodes: int | None = None,
    ) -> Move | None: ...
    @property
    def thinking(self) -> bool:
        """Whether a ``choose`` or ``commit`` of this bot is searching now."""
    def search(
        self,
        position: Position,
        side: str | None = None,
        *,
        movetime_ms: int | None = None,
        depth: int | None = None,
        nodes: int | None = None,
    ) -> SearchResult:
        """The move with the search's score, depth, principal variation and nodes."""
    def stop(self) -> None:
        """Ask the search in progress to stop and return its best move so far."""

@final
class SearchResult:
    """What a bot's search found (``Bot.search``)."""

    @property
    def move(self) -> Move | None: ...
    @property
    def score(self) -> int | None:
        """Centipawns from the mover's point of view; ``None`` for a mate or no score."""
    @property
    def mate(self) -> int | None:
        """Mate in this many moves (negative: mated); ``None`` without a mate score."""
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def pv(self) -> list[Move]: ...

def variants() -> list[VariantName]: ...
def planes_layout(variant: str, *, relative: bool = False, history: int = 1) -> list[str]: ...
def planes_shape(variant: str, *, history: int = 1) -> tuple[int, int, int]: ...
def action_size(variant: str) -> int: ...
def promotion_kinds(variant: str) -> list[KindName]: ...
def nnue_layout(variant: str) -> dict[str, int | bool]: ...
def nnue_inputs(
    position: Position, side: str | None = None
) -> tuple[list[int], list[int], int]: ...
def nnue_bucket(variant: str, pieces: int, buckets: int) -> int: ...
def nnue_write(
    path: str | os.PathLike[str],
    variant: str,
    hidden: int,
    buckets: int,
    scale: int,
    note: str,
    ft_weights: npt.NDArray[np.float32],
    ft_biases: npt.NDArray[np.float32],
    psqt: npt.NDArray[np.float32],
    out_weights: npt.NDArray[np.float32],
    out_biases: npt.NDArray[np.float32],
) -> int: ...
def nnue_info(path: str | os.PathLike[str]) -> dict[str, str | int]: ...
def nnue_read(path: str | os.PathLike[str]) -> dict[str, str | int | npt.NDArray[np.float32]]: ...
def nnue_evaluate(
    path: str | os.PathLike[str], position: Position, side: str | None = None
) -> int: ...
