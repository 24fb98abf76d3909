//! The position editor (E, or "Set up a position…" in the game panel): the chosen variant's
//! board in its own window, drawn with the game's piece drawings and the board theme, with a
//! palette of every piece kind the variant has ([`palette`]: Big Outer's fairy pieces, and
//! its corner squares on the board).
//!
//! - Drag a piece from the palette onto a square, or pick it in the palette and click
//!   squares; drag a piece on the board to move it, or off the board to remove it;
//!   right-click removes (both pieces of a Parity shared square).
//! - Beside the board: the variant, the initial position or a clear board, the side to move,
//!   the castling rights, the en passant square, Parity's resting pieces (the Rest tool) and
//!   the move counters.
//! - The position text can be copied, or typed or pasted and loaded.
//! - The rules core checks the position on every change ([`PositionSetup::validate`]); its
//!   error is shown under the board.
//! - "Play from here" starts the position hot-seat or against a bot; the game on the board
//!   is kept in the recent games.
//!
//! The model is [`PositionSetup`]. The window only writes [`EditorRequest`]s, and
//! [`apply_editor_requests`] (in [`AppSystems::Input`](crate::AppSystems::Input)) carries them out, so tests drive the
//! editor the same way.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

use crate::game::persist_glue::ContinueGameRequest;
use crate::game::session::{CloseEditorRequest, OpenEditorRequest};
use crate::game::{ActiveGame, Seats, SetSeatRequest};
use crate::persist::PlayerSpec;
use crate::render::art::{Appearance, ArtImages};
use crate::render::picking::HotkeySystems;
use crate::render::theme::theme_colors;
use crate::rules::notation::fen::PositionError;
use crate::rules::setup::{PositionSetup, palette};
use crate::rules::{
    BoardShape, Color as Side, GameRecord, Piece, PieceKind, Position, Square, TurnModel, Variant,
    Wing,
};

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<EditorRequest>()
        .init_resource::<PositionEditor>()
        .add_systems(
            Update,
            (
                editor_key.in_set(HotkeySystems),
                // Before the session's set, so the mode it asks for begins in this frame.
                apply_editor_requests
                    .in_set(crate::InputSystems::Board)
                    .after(HotkeySystems)
                    .after(crate::render::picking::BoardInputSystems),
            ),
        )
        .add_systems(OnEnter(crate::game::AppMode::Editor), open_on_entering)
        .add_systems(
            OnExit(crate::game::AppMode::Editor),
            |mut editor: ResMut<PositionEditor>| {
                editor.open = false;
                editor.drag = None;
            },
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            draw_editor.after(super::panels::draw_panels),
        );
}

/// The bot a position is played against when no bot is chosen yet in the Players section.
pub const DEFAULT_EDITOR_BOT: &str = "alphabeta";

/// How a set-up position is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayFrom {
    /// Two people at this machine.
    HotSeat,
    /// A person plays `human`; a bot plays the other side (the bot of the Players section,
    /// else [`DEFAULT_EDITOR_BOT`], at the editor's level).
    AgainstBot {
        /// The person's side.
        human: Side,
    },
}

/// A change to the position being set up, or an editor command. Written by the editor's
/// window (and tests); carried out by [`apply_editor_requests`].
#[derive(Message, Debug, Clone, PartialEq)]
pub enum EditorRequest {
    /// Opens the editor on the position shown on the board.
    Open,
    /// Closes it (the set-up is kept for the next opening of the same variant).
    Close,
    /// The initial position of another variant.
    Variant(Variant),
    /// The position shown on the board.
    FromGame,
    /// The variant's initial position.
    Initial,
    /// An empty board.
    Clear,
    /// Puts a piece on a square (see [`PositionSetup::put`]).
    Put {
        /// Where.
        square: Square,
        /// What.
        piece: Piece,
    },
    /// Removes every piece on a square.
    Remove {
        /// Where.
        square: Square,
    },
    /// Removes one side's piece from a square (a drag off the board).
    RemovePiece {
        /// Where.
        square: Square,
        /// Whose piece.
        color: Side,
    },
    /// Moves one side's piece.
    Move {
        /// From.
        from: Square,
        /// Whose piece (on a Parity shared square both stand there).
        color: Side,
        /// To.
        to: Square,
    },
    /// The side to move (alternating variants).
    Turn(Side),
    /// Grants or removes a castling right.
    Castling {
        /// Whose right.
        side: Side,
        /// Which wing.
        wing: Wing,
        /// Granted.
        allowed: bool,
    },
    /// The en passant square of the side whose pawn just advanced, or none.
    EnPassant {
        /// The side whose pawn passed the square.
        passer: Side,
        /// The passed square.
        square: Option<Square>,
    },
    /// Parity: the piece of `color` on `square` rests, or stops resting.
    Resting {
        /// Where.
        square: Square,
        /// Whose piece.
        color: Side,
    },
    /// The halfmove clock and the move number.
    Counters {
        /// Halfmoves since the last capture or pawn move.
        halfmove: u32,
        /// The move number (at least 1).
        fullmove: u32,
    },
    /// Reads a position text of the editor's variant (typed or pasted).
    LoadText(String),
    /// The bot's level for [`PlayFrom::AgainstBot`] (1–8).
    BotLevel(u8),
    /// Starts a game from the position, if it is legal.
    Play(PlayFrom),
}

/// What the pointer is carrying.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drag {
    /// A piece from the palette.
    Palette(Piece),
    /// A piece from a square of the board.
    Board { from: Square, piece: Piece },
}

/// What a click on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Clicks do nothing; drag pieces to move them.
    #[default]
    Hand,
    /// Clicks put this piece (a click on the same piece removes it).
    Place(Piece),
    /// Clicks remove.
    Erase,
    /// Parity: clicks make a piece rest or stop resting.
    Rest,
}

/// The rules core's verdict on the position being set up, computed once per change.
#[derive(Debug, Clone)]
pub struct SetupCheck {
    /// The position text checked.
    pub text: String,
    /// The position, or the reader's error.
    pub result: Result<Position, PositionError>,
    /// Per side whose pawn may just have advanced: the squares an en passant capture is
    /// legal onto.
    pub en_passant: Vec<(Side, Vec<Square>)>,
}

/// The editor: whether it is open, the position being set up, its check, and the window's
/// own state (the tool, the drag, the text box).
#[derive(Resource, Debug)]
pub struct PositionEditor {
    /// Whether the window is open.
    pub open: bool,
    setup: PositionSetup,
    check: SetupCheck,
    /// The position text box (the set-up's text after each change; the player may type).
    pub text: String,
    /// The last message for the player (a refused text, a game started).
    pub note: String,
    /// What a click on the board does.
    pub tool: Tool,
    /// The bot's level for [`PlayFrom::AgainstBot`].
    pub bot_level: u8,
    drag: Option<Drag>,
    /// Where the board was drawn last frame (screen rectangle in egui points) and its grid.
    board: Option<(egui::Rect, Grid)>,
}

impl Default for PositionEditor {
    fn default() -> Self {
        let setup = PositionSetup::new(Variant::default());
        let check = check_setup(&setup);
        PositionEditor {
            open: false,
            text: check.text.clone(),
            setup,
            check,
            note: String::new(),
            tool: Tool::Hand,
            bot_level: 4,
            drag: None,
            board: None,
        }
    }
}

fn check_setup(setup: &PositionSetup) -> SetupCheck {
    SetupCheck {
        text: setup.text(),
        result: setup.validate(),
        en_passant: setup
            .passers()
            .into_iter()
            .map(|p| (p, setup.en_passant_candidates(p)))
            .collect(),
    }
}

impl PositionEditor {
    /// The position being set up.
    pub fn setup(&self) -> &PositionSetup {
        &self.setup
    }

    /// The rules core's verdict on it.
    pub fn check(&self) -> &SetupCheck {
        &self.check
    }

    /// Replaces the set-up and checks it again; the text box shows its text.
    fn set(&mut self, setup: PositionSetup) {
        self.setup = setup;
        self.changed();
    }

    fn changed(&mut self) {
        if self.check.text != self.setup.text() {
            self.check = check_setup(&self.setup);
        }
        self.text = self.check.text.clone();
        // A placing tool of a kind the variant lacks (after a variant change) is dropped.
        if let Tool::Place(p) = self.tool
            && !palette(self.setup.variant()).contains(&p.kind)
        {
            self.tool = Tool::Hand;
        }
    }
}

/// E opens or closes the editor.
fn editor_key(
    mut chords: MessageReader<crate::render::keys::KeyChord>,
    editor: Res<PositionEditor>,
    mut out: MessageWriter<EditorRequest>,
) {
    if chords.read().filter(|c| c.is(KeyCode::KeyE)).count() % 2 == 1 {
        out.write(if editor.open {
            EditorRequest::Close
        } else {
            EditorRequest::Open
        });
    }
}

/// The editor's mode has begun: the window opens on the position shown on the board.
fn open_on_entering(mut editor: ResMut<PositionEditor>, game: Res<ActiveGame>) {
    editor.open = true;
    editor.note.clear();
    editor.set(PositionSetup::from_position(game.shown()));
}

/// Carries out the [`EditorRequest`]s: changes the set-up and checks it again; `Play`
/// sets the players and continues the position as a new game ([`ContinueGameRequest`]).
pub fn apply_editor_requests(
    mut requests: MessageReader<EditorRequest>,
    editor: ResMut<PositionEditor>,
    game: Res<ActiveGame>,
    seats: Res<Seats>,
    mut out: EditorOutput,
) {
    let editor: &mut PositionEditor = editor.into_inner();
    for request in requests.read() {
        let mut setup = editor.setup.clone();
        match request {
            // The game opens and closes the editor's mode; the window follows it
            // (`open_on_entering`, and `OnExit` closes it).
            EditorRequest::Open => {
                out.open.write(OpenEditorRequest);
                continue;
            }
            EditorRequest::Close => {
                out.close.write(CloseEditorRequest);
                continue;
            }
            EditorRequest::Variant(v) => setup = PositionSetup::new(*v),
            EditorRequest::FromGame => setup = PositionSetup::from_position(game.shown()),
            EditorRequest::Initial => setup.reset(),
            EditorRequest::Clear => setup.clear(),
            EditorRequest::Put { square, piece } => {
                if setup.board().shape().len() > square.index() {
                    setup.put(*square, *piece);
                }
            }
            EditorRequest::Remove { square } => {
                if setup.board().shape().len() > square.index() {
                    setup.remove(*square);
                }
            }
            EditorRequest::RemovePiece { square, color } => {
                if setup.board().shape().len() > square.index() {
                    setup.remove_piece(*square, *color);
                }
            }
            EditorRequest::Move { from, color, to } => {
                let len = setup.board().shape().len();
                if from.index() < len && to.index() < len {
                    setup.move_piece(*from, *color, *to);
                }
            }
            EditorRequest::Turn(side) => setup.set_turn(*side),
            EditorRequest::Castling {
                side,
                wing,
                allowed,
            } => setup.set_castling(*side, *wing, *allowed),
            EditorRequest::EnPassant { passer, square } => {
                let len = setup.board().shape().len();
                setup.set_en_passant(*passer, square.filter(|s| s.index() < len));
            }
            EditorRequest::Resting { square, color } => {
                if square.index() < setup.board().shape().len()
                    && !setup.toggle_resting(*square, *color)
                {
                    editor.note = resting_refusal(&setup, *square, *color);
                }
            }
            EditorRequest::Counters { halfmove, fullmove } => {
                setup.set_counters(*halfmove, *fullmove);
            }
            EditorRequest::LoadText(text) => {
                match PositionSetup::from_text(setup.variant(), text) {
                    Ok((read, warnings)) => {
                        setup = read;
                        editor.note = std::iter::once("Position text loaded.".to_string())
                            .chain(warnings.iter().map(|w| format!("Warning: {w}.")))
                            .collect::<Vec<_>>()
                            .join(" ");
                    }
                    Err(e) => {
                        // The typed text stays in the box to be corrected.
                        editor.note = format!("Not loaded: {e}");
                        continue;
                    }
                }
            }
            EditorRequest::BotLevel(level) => {
                editor.bot_level = (*level).clamp(1, crate::bots::search::MAX_LEVEL);
            }
            EditorRequest::Play(how) => {
                match &editor.check.result {
                    Ok(pos) => {
                        for (side, player) in players_for(&seats, *how, editor.bot_level) {
                            out.seats.write(SetSeatRequest { side, player });
                        }
                        let mut record = GameRecord::new(pos.clone());
                        crate::game::persist_glue::stamp_new_record(&mut record);
                        out.continues.write(ContinueGameRequest(record));
                        out.close.write(CloseEditorRequest);
                        editor.note.clear();
                    }
                    Err(e) => editor.note = format!("Not played: {e}"),
                }
                continue;
            }
        }
        editor.set(setup);
    }
}

/// Why a piece cannot be made to rest (or stop resting).
fn resting_refusal(setup: &PositionSetup, square: Square, color: Side) -> String {
    let name = setup.board().shape().name(square);
    if !setup.variant().has_resting_pieces() {
        format!("{} has no resting pieces.", setup.variant())
    } else if !setup.board().has(color, square) {
        format!("{color} has no piece on {name} to rest.")
    } else {
        format!("{color} already has two resting pieces (castling rests two).")
    }
}

/// What the editor asks of the game.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EditorOutput<'w> {
    open: MessageWriter<'w, OpenEditorRequest>,
    close: MessageWriter<'w, CloseEditorRequest>,
    seats: MessageWriter<'w, SetSeatRequest>,
    continues: MessageWriter<'w, ContinueGameRequest>,
}

/// The players for `how`: both people, or the person's side and a bot (the bot already
/// seated, else [`DEFAULT_EDITOR_BOT`]) at `level`.
fn players_for(seats: &Seats, how: PlayFrom, level: u8) -> [(Side, PlayerSpec); 2] {
    match how {
        PlayFrom::HotSeat => Side::BOTH.map(|s| (s, PlayerSpec::Human)),
        PlayFrom::AgainstBot { human } => {
            let spec = Side::BOTH
                .into_iter()
                .find_map(|s| match seats.of(s) {
                    PlayerSpec::Bot { spec, .. } => Some(spec.clone()),
                    PlayerSpec::Human => None,
                })
                .unwrap_or_else(|| DEFAULT_EDITOR_BOT.to_string());
            [
                (human, PlayerSpec::Human),
                (human.other(), PlayerSpec::Bot { spec, level }),
            ]
        }
    }
}

/// The cells a board's squares take, corners included: (file, rank) from `min_file` and
/// `min_rank`, `cols` × `rows` cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// The smallest file (−1 on the Big Outer board, for its corners).
    pub min_file: i8,
    /// The smallest rank.
    pub min_rank: i8,
    /// Cells across.
    pub cols: i8,
    /// Cells down.
    pub rows: i8,
}

impl Grid {
    /// The grid of `shape` (8×8; 14×14 for the Big Outer board with its corners).
    pub fn of(shape: BoardShape) -> Grid {
        let coords: Vec<(i8, i8)> = shape.squares().map(|s| shape.coords(s)).collect();
        let min_file = coords.iter().map(|c| c.0).min().unwrap_or(0);
        let max_file = coords.iter().map(|c| c.0).max().unwrap_or(0);
        let min_rank = coords.iter().map(|c| c.1).min().unwrap_or(0);
        let max_rank = coords.iter().map(|c| c.1).max().unwrap_or(0);
        Grid {
            min_file,
            min_rank,
            cols: max_file - min_file + 1,
            rows: max_rank - min_rank + 1,
        }
    }

    /// The screen rectangle of the cell at `coords` on a board drawn in `rect` (White at
    /// the bottom).
    pub fn cell(&self, rect: egui::Rect, coords: (i8, i8)) -> egui::Rect {
        let size = rect.width() / f32::from(self.cols);
        let col = f32::from(coords.0 - self.min_file);
        let row = f32::from(self.rows - 1 - (coords.1 - self.min_rank));
        egui::Rect::from_min_size(
            rect.min + egui::vec2(col * size, row * size),
            egui::vec2(size, size),
        )
    }

    /// The square of `shape` under `point` on a board drawn in `rect`, if any (the empty
    /// cells beside the Big Outer corners are none).
    pub fn square_at(
        &self,
        shape: BoardShape,
        rect: egui::Rect,
        point: egui::Pos2,
    ) -> Option<Square> {
        if !rect.contains(point) {
            return None;
        }
        let size = rect.width() / f32::from(self.cols);
        let col = ((point.x - rect.min.x) / size).floor() as i8;
        let row = ((point.y - rect.min.y) / size).floor() as i8;
        if !(0..self.cols).contains(&col) || !(0..self.rows).contains(&row) {
            return None;
        }
        shape.square_at(col + self.min_file, self.rows - 1 - row + self.min_rank)
    }
}

fn egui_color(c: bevy::color::Color) -> egui::Color32 {
    let s = c.to_srgba();
    egui::Color32::from_rgba_unmultiplied(
        (s.red * 255.0).round() as u8,
        (s.green * 255.0).round() as u8,
        (s.blue * 255.0).round() as u8,
        (s.alpha * 255.0).round() as u8,
    )
}

/// The piece of a square a pointer at `point` grabs: on a shared square the left half holds
/// White's piece and the right half Black's.
fn piece_under(
    setup: &PositionSetup,
    square: Square,
    cell: egui::Rect,
    point: egui::Pos2,
) -> Option<Piece> {
    let (w, b) = setup.board().pieces_on(square);
    match (w, b) {
        (Some(w), Some(b)) => Some(if point.x < cell.center().x {
            Piece::new(Side::White, w)
        } else {
            Piece::new(Side::Black, b)
        }),
        (Some(k), None) => Some(Piece::new(Side::White, k)),
        (None, Some(k)) => Some(Piece::new(Side::Black, k)),
        (None, None) => None,
    }
}

/// Where each piece of a square is drawn: the whole cell, or on a shared square White's
/// piece to the lower left and Black's to the upper right.
fn piece_rects(cell: egui::Rect, shared: bool) -> [egui::Rect; 2] {
    if !shared {
        let r = cell.shrink(cell.width() * 0.04);
        return [r, r];
    }
    let s = cell.width() * 0.62;
    [
        egui::Rect::from_min_size(egui::pos2(cell.min.x, cell.max.y - s), egui::vec2(s, s)),
        egui::Rect::from_min_size(egui::pos2(cell.max.x - s, cell.min.y), egui::vec2(s, s)),
    ]
}

const UV: egui::Rect = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));

/// The editor's window (while it is open).
fn draw_editor(
    mut contexts: EguiContexts,
    mut editor: ResMut<PositionEditor>,
    art: Res<ArtImages>,
    appearance: Option<Res<Appearance>>,
    mut requests: MessageWriter<EditorRequest>,
) -> Result {
    if !editor.open {
        return Ok(());
    }
    let variant = editor.setup.variant();
    let kinds = palette(variant);
    let mut textures = HashMap::new();
    for side in Side::BOTH {
        for kind in crate::render::art::DRAWN_KINDS {
            let id = contexts.add_image(EguiTextureHandle::Strong(art.piece(side, kind)));
            textures.insert((side, kind), id);
        }
    }
    let colors = theme_colors(appearance.map(|a| a.theme).unwrap_or_default());
    let ctx = contexts.ctx_mut()?.clone();
    let screen = ctx.viewport_rect();
    let shape = variant.shape();
    let grid = Grid::of(shape);
    // The board takes what the window leaves beside the controls (about 270 points) and
    // under the palette and the messages (about 230 points).
    let cell = ((screen.height() - 260.0) / f32::from(grid.rows))
        .min((screen.width() - 330.0) / f32::from(grid.cols))
        .clamp(20.0, 64.0);
    let mut out: Vec<EditorRequest> = Vec::new();
    let mut open = true;
    egui::Window::new(format!("Position editor — {}", variant.title()))
        .id(egui::Id::new("position-editor"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(&ctx, |ui| {
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    palette_rows(ui, &mut editor, &kinds, &textures, cell, &colors);
                    board(ui, &mut editor, grid, cell, &textures, &colors, &mut out);
                    verdict(ui, &editor);
                });
                ui.vertical(|ui| {
                    ui.set_width(250.0);
                    controls(ui, &mut editor, &mut out);
                });
            });
        });
    if !open {
        out.push(EditorRequest::Close);
    }
    finish_drag(&ctx, &mut editor, &textures, cell, &mut out);
    requests.write_batch(out);
    Ok(())
}

/// The palette: one row per side of the variant's piece kinds, and the tools.
fn palette_rows(
    ui: &mut egui::Ui,
    editor: &mut PositionEditor,
    kinds: &[PieceKind],
    textures: &HashMap<(Side, PieceKind), egui::TextureId>,
    cell: f32,
    colors: &crate::render::theme::ThemeColors,
) {
    let size = cell.clamp(26.0, 44.0);
    // The pieces stand on the board's light square colour, so both sides read.
    let light = egui_color(colors.light);
    for side in Side::BOTH {
        ui.horizontal(|ui| {
            for &kind in kinds {
                let piece = Piece::new(side, kind);
                let (rect, resp) =
                    ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::click_and_drag());
                let chosen = editor.tool == Tool::Place(piece);
                let fill = if chosen {
                    super::style::ACCENT
                } else if resp.hovered() {
                    light.gamma_multiply(0.8)
                } else {
                    light
                };
                ui.painter().rect_filled(rect, 4.0, fill);
                if chosen {
                    ui.painter().rect_stroke(
                        rect,
                        4.0,
                        egui::Stroke::new(2.0, egui::Color32::WHITE),
                        egui::StrokeKind::Inside,
                    );
                }
                if let Some(&id) = textures.get(&(side, kind)) {
                    ui.painter()
                        .image(id, rect.shrink(2.0), UV, egui::Color32::WHITE);
                }
                let resp = resp.on_hover_text(format!(
                    "{side} {}: drag onto the board, or click to place it with clicks",
                    kind.name()
                ));
                if resp.drag_started() {
                    editor.drag = Some(Drag::Palette(piece));
                } else if resp.clicked() {
                    editor.tool = if chosen {
                        Tool::Hand
                    } else {
                        Tool::Place(piece)
                    };
                }
            }
        });
    }
    ui.horizontal(|ui| {
        ui.selectable_value(&mut editor.tool, Tool::Hand, "Move")
            .on_hover_text("Drag pieces to move them; drag one off the board to remove it");
        ui.selectable_value(&mut editor.tool, Tool::Erase, "Remove")
            .on_hover_text("Click a square to empty it (right-click does this with any tool)");
        if editor.setup.variant().has_resting_pieces() {
            ui.selectable_value(&mut editor.tool, Tool::Rest, "Rest")
                .on_hover_text("Click a piece: it moved last turn and must rest now");
        }
        if let Tool::Place(p) = editor.tool {
            ui.label(format!("Placing: {} {}", p.color, p.kind.name()));
        }
    });
}

/// The board: squares, coordinates, pieces, resting rings and en passant marks; clicks and
/// drags become requests.
fn board(
    ui: &mut egui::Ui,
    editor: &mut PositionEditor,
    grid: Grid,
    cell: f32,
    textures: &HashMap<(Side, PieceKind), egui::TextureId>,
    colors: &crate::render::theme::ThemeColors,
    out: &mut Vec<EditorRequest>,
) {
    let setup = editor.setup.clone();
    let shape = setup.board().shape();
    let size = egui::vec2(f32::from(grid.cols) * cell, f32::from(grid.rows) * cell);
    let (resp, painter) = ui.allocate_painter(size, egui::Sense::click_and_drag());
    let rect = resp.rect;
    let look = SquareLook {
        light: egui_color(colors.light),
        dark: egui_color(colors.dark),
        corner: egui_color(colors.corner),
        small: egui::FontId::proportional((cell * 0.24).max(9.0)),
        dragged_from: match editor.drag {
            Some(Drag::Board { from, piece }) => Some((from, piece.color)),
            _ => None,
        },
        resting: Side::BOTH
            .into_iter()
            .flat_map(|c| setup.resting(c).into_iter().map(move |s| (c, s)))
            .collect(),
    };
    for sq in shape.squares() {
        paint_square(
            &painter,
            &setup,
            sq,
            grid.cell(rect, shape.coords(sq)),
            &look,
            textures,
        );
    }
    editor.board = Some((rect, grid));
    board_input(ui, editor, &setup, &resp, &painter, grid, out);
}

/// What every square of the board is painted with.
struct SquareLook {
    light: egui::Color32,
    dark: egui::Color32,
    corner: egui::Color32,
    small: egui::FontId,
    /// The piece being dragged (drawn faded on its square).
    dragged_from: Option<(Square, Side)>,
    resting: Vec<(Side, Square)>,
}

/// Paints square `sq` in its cell `r`: its colour (corners mixed with the corner colour),
/// the coordinates on the edge, its pieces (two on a shared square), resting rings and an
/// en passant mark.
fn paint_square(
    painter: &egui::Painter,
    setup: &PositionSetup,
    sq: Square,
    r: egui::Rect,
    look: &SquareLook,
    textures: &HashMap<(Side, PieceKind), egui::TextureId>,
) {
    let shape = setup.board().shape();
    let coords = shape.coords(sq);
    let on_board = (0..shape.files()).contains(&coords.0) && (0..shape.ranks()).contains(&coords.1);
    let base = if (coords.0 + coords.1).rem_euclid(2) == 0 {
        look.dark
    } else {
        look.light
    };
    let fill = if on_board {
        base
    } else {
        base.lerp_to_gamma(look.corner, 0.5)
    };
    painter.rect_filled(r, 0.0, fill);
    let on_base = if base == look.dark {
        look.light
    } else {
        look.dark
    };
    if coords.1 == 0 {
        let file = (b'a' + coords.0 as u8) as char;
        painter.text(
            r.right_bottom() + egui::vec2(-2.0, -1.0),
            egui::Align2::RIGHT_BOTTOM,
            file,
            look.small.clone(),
            on_base,
        );
    }
    if coords.0 == 0 || !on_board {
        let label = if on_board {
            (coords.1 + 1).to_string()
        } else {
            shape.name(sq)
        };
        painter.text(
            r.left_top() + egui::vec2(2.0, 1.0),
            egui::Align2::LEFT_TOP,
            label,
            look.small.clone(),
            if on_board { on_base } else { look.dark },
        );
    }
    let (w, b) = setup.board().pieces_on(sq);
    let rects = piece_rects(r, w.is_some() && b.is_some());
    for (i, (side, kind)) in [(Side::White, w), (Side::Black, b)].into_iter().enumerate() {
        let Some(kind) = kind else { continue };
        let tint = if look.dragged_from == Some((sq, side)) {
            egui::Color32::from_white_alpha(70)
        } else {
            egui::Color32::WHITE
        };
        if let Some(&id) = textures.get(&(side, kind)) {
            painter.image(id, rects[i], UV, tint);
        }
        if look.resting.contains(&(side, sq)) {
            painter.circle_stroke(
                rects[i].center(),
                rects[i].width() * 0.47,
                egui::Stroke::new(2.5, super::style::ACCENT),
            );
        }
    }
    if setup.en_passant().contains(&sq) {
        let cell = r.width();
        painter.circle_filled(
            r.center(),
            cell * 0.12,
            egui::Color32::from_rgb(80, 160, 230),
        );
        painter.text(
            r.center() + egui::vec2(0.0, cell * 0.16),
            egui::Align2::CENTER_TOP,
            "e.p.",
            look.small.clone(),
            egui::Color32::from_rgb(30, 60, 110),
        );
    }
}

/// The board's input: the hovered square outlined; a drag picks up the piece under the
/// press; a click acts with the tool; a right-click empties the square.
fn board_input(
    ui: &egui::Ui,
    editor: &mut PositionEditor,
    setup: &PositionSetup,
    resp: &egui::Response,
    painter: &egui::Painter,
    grid: Grid,
    out: &mut Vec<EditorRequest>,
) {
    let shape = setup.board().shape();
    let rect = resp.rect;
    let pointer = ui.input(|i| i.pointer.interact_pos());
    let hovered = pointer.and_then(|p| grid.square_at(shape, rect, p));
    if let Some(sq) = hovered {
        painter.rect_stroke(
            grid.cell(rect, shape.coords(sq)),
            0.0,
            egui::Stroke::new(2.0, super::style::ACCENT),
            egui::StrokeKind::Inside,
        );
    }
    if resp.drag_started()
        && let Some(origin) = ui.input(|i| i.pointer.press_origin())
        && let Some(from) = grid.square_at(shape, rect, origin)
        && let Some(piece) = piece_under(setup, from, grid.cell(rect, shape.coords(from)), origin)
    {
        editor.drag = Some(Drag::Board { from, piece });
    }
    let Some(sq) = hovered else {
        return;
    };
    let cell_rect = grid.cell(rect, shape.coords(sq));
    if resp.secondary_clicked() {
        out.push(EditorRequest::Remove { square: sq });
    } else if resp.clicked() {
        let grabbed = pointer.and_then(|p| piece_under(setup, sq, cell_rect, p));
        match editor.tool {
            Tool::Hand => {}
            Tool::Place(piece) => {
                if setup.board().kind(piece.color, sq) == Some(piece.kind) {
                    out.push(EditorRequest::RemovePiece {
                        square: sq,
                        color: piece.color,
                    });
                } else {
                    out.push(EditorRequest::Put { square: sq, piece });
                }
            }
            Tool::Erase => out.push(EditorRequest::Remove { square: sq }),
            Tool::Rest => {
                if let Some(p) = grabbed {
                    out.push(EditorRequest::Resting {
                        square: sq,
                        color: p.color,
                    });
                }
            }
        }
    }
}

/// Draws the carried piece at the pointer and, when the button is released, drops it: on
/// a square (moved or put there) or, from the board, off it (removed).
fn finish_drag(
    ctx: &egui::Context,
    editor: &mut PositionEditor,
    textures: &HashMap<(Side, PieceKind), egui::TextureId>,
    cell: f32,
    out: &mut Vec<EditorRequest>,
) {
    let Some(drag) = editor.drag else {
        return;
    };
    let (released, at) = ctx.input(|i| (i.pointer.any_released(), i.pointer.latest_pos()));
    let piece = match drag {
        Drag::Palette(p) | Drag::Board { piece: p, .. } => p,
    };
    if !released {
        if let (Some(at), Some(&id)) = (at, textures.get(&(piece.color, piece.kind))) {
            let painter = ctx.layer_painter(egui::LayerId::new(
                egui::Order::Tooltip,
                egui::Id::new("editor-drag"),
            ));
            painter.image(
                id,
                egui::Rect::from_center_size(at, egui::vec2(cell, cell)),
                UV,
                egui::Color32::WHITE,
            );
        }
        return;
    }
    editor.drag = None;
    let shape = editor.setup.board().shape();
    let target = at.and_then(|p| {
        editor
            .board
            .and_then(|(rect, grid)| grid.square_at(shape, rect, p))
    });
    match (drag, target) {
        (Drag::Palette(piece), Some(square)) => out.push(EditorRequest::Put { square, piece }),
        (Drag::Palette(_), None) => {}
        (Drag::Board { from, piece }, Some(to)) => {
            if from != to {
                out.push(EditorRequest::Move {
                    from,
                    color: piece.color,
                    to,
                });
            }
        }
        (Drag::Board { from, piece }, None) => out.push(EditorRequest::RemovePiece {
            square: from,
            color: piece.color,
        }),
    }
}

/// The rules core's verdict under the board, and the last note.
fn verdict(ui: &mut egui::Ui, editor: &PositionEditor) {
    let width = editor.board.map_or(300.0, |(r, _)| r.width());
    ui.set_max_width(width);
    match &editor.check.result {
        Ok(pos) => {
            let text = match pos.outcome() {
                Some(outcome) => format!("Legal position; the game is already over: {outcome}."),
                None => match pos.variant().turn_model() {
                    TurnModel::Alternating => format!(
                        "Legal position: {} to move, {} legal moves.",
                        pos.turn(),
                        pos.legal_moves().len()
                    ),
                    TurnModel::Simultaneous => format!(
                        "Legal position: White has {} commits, Black {}.",
                        pos.legal_commits(Side::White).len(),
                        pos.legal_commits(Side::Black).len()
                    ),
                },
            };
            ui.add(
                egui::Label::new(
                    egui::RichText::new(text).color(egui::Color32::from_rgb(120, 200, 120)),
                )
                .wrap(),
            );
        }
        Err(e) => {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!(
                        "Not a legal position — {}: {}.",
                        e.field, e.reason
                    ))
                    .color(egui::Color32::from_rgb(235, 110, 90)),
                )
                .wrap(),
            );
        }
    }
    if !editor.note.is_empty() {
        ui.add(egui::Label::new(egui::RichText::new(&editor.note).italics()).wrap());
    }
}

/// The controls beside the board.
fn controls(ui: &mut egui::Ui, editor: &mut PositionEditor, out: &mut Vec<EditorRequest>) {
    let setup = editor.setup.clone();
    variant_row(ui, &setup, out);
    ui.separator();
    turn_and_rights(ui, &setup, &editor.check, out);
    resting_and_counters(ui, &setup, out);
    ui.separator();
    text_rows(ui, editor, out);
    ui.separator();
    play_rows(ui, editor, out);
}

/// The variant, and the initial position, a clear board or the game's position.
fn variant_row(ui: &mut egui::Ui, setup: &PositionSetup, out: &mut Vec<EditorRequest>) {
    let variant = setup.variant();
    let mut chosen = variant;
    egui::ComboBox::from_id_salt("editor-variant")
        .selected_text(variant.title())
        .width(220.0)
        .show_ui(ui, |ui| {
            for v in Variant::ALL {
                ui.selectable_value(&mut chosen, v, v.title());
            }
        });
    if chosen != variant {
        out.push(EditorRequest::Variant(chosen));
    }
    ui.horizontal(|ui| {
        if ui.button("Initial").clicked() {
            out.push(EditorRequest::Initial);
        }
        if ui.button("Clear").clicked() {
            out.push(EditorRequest::Clear);
        }
        if ui.button("From the game").clicked() {
            out.push(EditorRequest::FromGame);
        }
    });
}

/// The side to move, the castling rights and the en passant squares.
fn turn_and_rights(
    ui: &mut egui::Ui,
    setup: &PositionSetup,
    check: &SetupCheck,
    out: &mut Vec<EditorRequest>,
) {
    let variant = setup.variant();
    let shape = setup.board().shape();
    match variant.turn_model() {
        TurnModel::Alternating => {
            ui.horizontal(|ui| {
                ui.label("To move:");
                let mut turn = setup.turn();
                ui.radio_value(&mut turn, Side::White, "White");
                ui.radio_value(&mut turn, Side::Black, "Black");
                if turn != setup.turn() {
                    out.push(EditorRequest::Turn(turn));
                }
            });
        }
        TurnModel::Simultaneous => {
            ui.label("Both sides move each turn.");
        }
    }
    if variant.has_castling() {
        ui.label("Castling rights:");
        egui::Grid::new("editor-castling").show(ui, |ui| {
            for side in Side::BOTH {
                ui.label(side.title());
                for (wing, name) in [(Wing::Short, "O-O"), (Wing::Long, "O-O-O")] {
                    let mut allowed = setup.can_castle(side, wing);
                    let possible = setup.castling_possible(side, wing);
                    let resp = ui
                        .add_enabled(possible || allowed, egui::Checkbox::new(&mut allowed, name))
                        .on_disabled_hover_text(
                            "The King and this Rook are not on their start squares",
                        );
                    if resp.changed() {
                        out.push(EditorRequest::Castling {
                            side,
                            wing,
                            allowed,
                        });
                    }
                }
                ui.end_row();
            }
        });
    } else {
        ui.label(format!("{} has no castling.", variant.title()));
    }
    if variant.has_en_passant() {
        for (passer, candidates) in check.en_passant.clone() {
            let current = setup.en_passant_of(passer);
            ui.horizontal(|ui| {
                ui.label(format!("En passant ({passer} pawn):"));
                let mut pick = current;
                egui::ComboBox::from_id_salt(("editor-ep", passer.name()))
                    .selected_text(current.map_or("none".to_string(), |s| shape.name(s)))
                    .width(70.0)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut pick, None, "none");
                        for s in &candidates {
                            ui.selectable_value(&mut pick, Some(*s), shape.name(*s));
                        }
                    });
                if pick != current {
                    out.push(EditorRequest::EnPassant {
                        passer,
                        square: pick,
                    });
                }
            });
            if candidates.is_empty() && current.is_none() {
                ui.label(egui::RichText::new("(no en passant capture is possible)").small());
            }
        }
    }
}

/// Parity's resting pieces, and the move counters.
fn resting_and_counters(ui: &mut egui::Ui, setup: &PositionSetup, out: &mut Vec<EditorRequest>) {
    let shape = setup.board().shape();
    if setup.variant().has_resting_pieces() {
        let names = |side: Side| {
            let v: Vec<String> = setup.resting(side).iter().map(|&s| shape.name(s)).collect();
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(", ")
            }
        };
        ui.label(format!(
            "Resting: White {}, Black {} (Rest tool)",
            names(Side::White),
            names(Side::Black)
        ));
    }
    ui.horizontal(|ui| {
        let (mut half, mut full) = setup.counters();
        ui.label("Halfmoves");
        let a = ui.add(egui::DragValue::new(&mut half).range(0..=9999));
        ui.label("Move");
        let b = ui.add(egui::DragValue::new(&mut full).range(1..=9999));
        if (a.changed() || b.changed()) && (half, full) != setup.counters() {
            out.push(EditorRequest::Counters {
                halfmove: half,
                fullmove: full,
            });
        }
    });
}

/// The position text: shown, copied, or typed and loaded.
fn text_rows(ui: &mut egui::Ui, editor: &mut PositionEditor, out: &mut Vec<EditorRequest>) {
    ui.label("Position text:");
    ui.add(
        egui::TextEdit::multiline(&mut editor.text)
            .desired_rows(3)
            .desired_width(240.0)
            .font(egui::TextStyle::Monospace),
    );
    ui.horizontal(|ui| {
        if ui.button("Copy").clicked() {
            ui.ctx().copy_text(editor.check.text.clone());
            editor.note = "Position text copied.".into();
        }
        if ui.button("Load text").clicked() {
            out.push(EditorRequest::LoadText(editor.text.clone()));
        }
    });
}

/// Play from here: the bot's level and the three ways to play.
fn play_rows(ui: &mut egui::Ui, editor: &PositionEditor, out: &mut Vec<EditorRequest>) {
    ui.label(egui::RichText::new("Play from here").strong());
    let legal = editor.check.result.is_ok();
    let mut level = editor.bot_level;
    ui.add(egui::Slider::new(&mut level, 1..=crate::bots::search::MAX_LEVEL).text("bot level"));
    if level != editor.bot_level {
        out.push(EditorRequest::BotLevel(level));
    }
    ui.horizontal_wrapped(|ui| {
        for (label, how) in [
            ("Hot-seat", PlayFrom::HotSeat),
            ("White vs bot", PlayFrom::AgainstBot { human: Side::White }),
            ("Black vs bot", PlayFrom::AgainstBot { human: Side::Black }),
        ] {
            if ui
                .add_enabled(legal, egui::Button::new(label))
                .on_disabled_hover_text("The position is not legal yet (see under the board)")
                .clicked()
            {
                out.push(EditorRequest::Play(how));
            }
        }
    });
    ui.label(egui::RichText::new("The game on the board is kept in Recent games.").small());
}
