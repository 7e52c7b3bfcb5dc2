//! Move ordering and selectivity: the moves of a node best first (the
//! table's move, two killers, then forward gain plus a history bonus, the
//! moves that win at once in front), kept to the width the depth allows, and
//! the killer and history updates after a cut-off.

use halma_core::{Move, MoveKind, PieceMovesIter, Seat};
use halma_rules::Spoil;

use super::{Mode, Scored, Searcher};
use crate::movecode::MoveCode;

impl Searcher<'_> {
    /// The moves of the team to move, ordered best first, kept to `width`.
    pub(super) fn generate(&mut self, ply: usize, tt_move: Option<MoveCode>, width: usize) {
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let killers = self.killers[ply];
        let tt_code = tt_move.map_or(0, |c| c.0);
        let first = self.pos.to_move();
        let opponents = self.mode == Mode::BestReply && first != self.root_seat;
        let mut passes = 0;
        // Each seat's last square to fill, when it has only one left.
        let mut winning: [Option<(Seat, halma_core::Square)>; 4] = [None; 4];
        loop {
            let seat = self.pos.to_move();
            let generator = self.ctx.rules.move_generator(&self.pos);
            let cost = self.ctx.eval;
            // The one square whose filling wins, if one is left.
            if self.ctx.selectivity.wins_first {
                winning[seat.index()] = self.last_square(seat).map(|square| (seat, square));
            }
            for piece in PieceMovesIter::new(&generator, self.pos.pieces(seat)) {
                let from = piece.origin;
                let from_cost = cost.cost(seat, from);
                for (set, kind) in [
                    (piece.jumps, MoveKind::Jump),
                    (piece.steps, MoveKind::Step),
                    (piece.swaps, MoveKind::Swap),
                ] {
                    for to in set {
                        let code = MoveCode::new(seat, Move::new(from, to, kind));
                        let gain = from_cost - cost.cost(seat, to);
                        let key = if code.0 == tt_code {
                            i32::MAX
                        } else if code.0 == killers[0] {
                            1 << 28
                        } else if code.0 == killers[1] {
                            (1 << 28) - 1
                        } else {
                            gain * 64 + self.history[from.index() * 256 + to.index()] / 16
                        };
                        list.push(Scored { code, key });
                    }
                }
            }
            if !opponents {
                break;
            }
            self.pos.make_move_unchecked(Move::PASS);
            passes += 1;
            if self.pos.to_move() == self.root_seat {
                break;
            }
        }
        for _ in 0..passes {
            self.pos.unmake_move(Move::PASS);
        }
        // Marked after the generation, whose loop stays as fast as before.
        for &(seat, square) in winning.iter().flatten() {
            let target = self.ctx.eval.target(seat);
            for scored in list.iter_mut() {
                let mv = scored.code.mv();
                if scored.code.seat() == seat
                    && mv.to() == square
                    && !target.contains(mv.from())
                    && scored.key != i32::MAX
                {
                    scored.key = i32::MAX - 1;
                }
            }
        }
        if halma_rules::pass_is_due(list.len()) {
            list.push(Scored {
                code: MoveCode::new(first, Move::PASS),
                key: 0,
            });
        }
        if width < list.len() {
            list.select_nth_unstable_by(width - 1, |a, b| b.key.cmp(&a.key));
            list.truncate(width);
        }
        list.sort_unstable_by_key(|s| std::cmp::Reverse(s.key));
        self.lists[ply] = list;
    }

    /// The last square of `seat`'s target camp still to fill, when only
    /// one is left: a move from outside the camp onto it wins (under
    /// `spoil=fill` when some piece of the camp is `seat`'s own, or the
    /// moving one).
    fn last_square(&self, seat: Seat) -> Option<halma_core::Square> {
        let target = self.ctx.eval.target(seat);
        let open = match self.ctx.rules.spoil() {
            Spoil::None | Spoil::Swap => target - self.pos.pieces(seat),
            Spoil::Fill => target - self.pos.occupied(),
        };
        if open.count() == 1 {
            open.first()
        } else {
            None
        }
    }

    pub(super) fn width(&self, depth: i32, opponents: bool) -> usize {
        let widths = &self.ctx.selectivity.widths;
        let w = widths[(depth.max(1) as usize - 1).min(3)];
        if opponents {
            w + w / 2
        } else {
            w
        }
    }

    pub(super) fn reward(&mut self, code: MoveCode, depth: i32, ply: usize) {
        let mv = code.mv();
        if mv.is_pass() {
            return;
        }
        let killers = &mut self.killers[ply];
        if killers[0] != code.0 {
            killers[1] = killers[0];
            killers[0] = code.0;
        }
        let slot = &mut self.history[mv.from().index() * 256 + mv.to().index()];
        *slot += depth * depth;
        if *slot > 1 << 16 {
            for h in self.history.iter_mut() {
                *h /= 2;
            }
        }
    }
}
