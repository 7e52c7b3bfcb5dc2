// SPDX-License-Identifier: MIT OR Apache-2.0
//
// halma.hpp: a header-only C++17 wrapper over the halma C ABI (halma.h).
//
// - RAII: Rules, Game and Record own their handle and free it in their
//   destructor; copying clones the handle (an independent copy), moving
//   transfers it.
// - Errors: every failing call throws halma::Error, which carries the result
//   code and the library's detail (which segment of a move is illegal, which
//   character of a position string is wrong...). The calls whose failure is
//   an ordinary outcome of play (try_play, try_parse_move, try_undo,
//   try_search) return a halma::Status instead and throw nothing of their own
//   (only std::bad_alloc from the standard library can escape). The wrapper
//   needs exceptions; a program built with -fno-exceptions uses halma.h.
// - Threads: as the C ABI. A const member function only reads its handle and
//   may run concurrently with other const calls on the same object; a
//   non-const one needs the object to itself. Distinct objects are independent.
//   Engine::stop() is the exception: it may run while search() runs.
//
// Installed by `cargo cinstall` as <halma/halma.hpp> beside <halma/halma.h>;
// link against libhalma (pkg-config halma, or CMake halma::halma: docs/ffi.md).
#ifndef HALMA_HPP
#define HALMA_HPP

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "halma.h"

namespace halma {

/// A square: the row-major index rank * 16 + file (a1 = 0, b1 = 1, a2 = 16).
using Square = std::uint16_t;

/// A seat (player), by colour, in turn order.
enum class Seat : std::uint32_t {
    Red = HALMA_SEAT_RED,
    Green = HALMA_SEAT_GREEN,
    Blue = HALMA_SEAT_BLUE,
    Yellow = HALMA_SEAT_YELLOW,
};

/// How a move moves its piece.
enum class MoveKind : std::uint32_t {
    Step = HALMA_MOVE_KIND_STEP,
    Jump = HALMA_MOVE_KIND_JUMP,
    Swap = HALMA_MOVE_KIND_SWAP,
    Pass = HALMA_MOVE_KIND_PASS,
};

/// A move: origin, destination and kind (a pass has HALMA_NO_SQUARE squares).
struct Move {
    Square origin = HALMA_NO_SQUARE;
    Square destination = HALMA_NO_SQUARE;
    MoveKind kind = MoveKind::Pass;

    /// The pass move.
    static Move pass() noexcept { return Move{}; }

    bool is_pass() const noexcept { return kind == MoveKind::Pass; }

    halma_move to_c() const noexcept {
        return halma_move{origin, destination, static_cast<std::uint32_t>(kind)};
    }

    static Move from_c(const halma_move &mv) noexcept {
        return Move{mv.origin, mv.destination, static_cast<MoveKind>(mv.kind)};
    }

    /// Records are equal when all three fields are. (For the legal moves of
    /// one position this is the same as origin and destination being equal:
    /// the kind follows from them.)
    friend bool operator==(const Move &a, const Move &b) noexcept {
        return a.origin == b.origin && a.destination == b.destination && a.kind == b.kind;
    }
    friend bool operator!=(const Move &a, const Move &b) noexcept { return !(a == b); }

    /// By origin, then kind, then destination: the order of
    /// Game::legal_moves(), so a sorted list compares equal to it. Consistent
    /// with operator== (for std::set and std::map).
    friend bool operator<(const Move &a, const Move &b) noexcept {
        return std::make_tuple(a.origin, static_cast<std::uint32_t>(a.kind), a.destination) <
               std::make_tuple(b.origin, static_cast<std::uint32_t>(b.kind), b.destination);
    }
    friend bool operator>(const Move &a, const Move &b) noexcept { return b < a; }
    friend bool operator<=(const Move &a, const Move &b) noexcept { return !(b < a); }
    friend bool operator>=(const Move &a, const Move &b) noexcept { return !(a < b); }
};

/// A failed call: the result code, its message and the library's detail.
class Error : public std::runtime_error {
public:
    Error(halma_result code, const std::string &detail)
        : std::runtime_error(std::string(halma_result_message(code)) +
                             (detail.empty() ? "" : ": " + detail)),
          code_(code), detail_(detail) {}

    /// The HALMA_RESULT_* code.
    halma_result code() const noexcept { return code_; }
    /// The detail of the failure (may be empty).
    const std::string &detail() const noexcept { return detail_; }

private:
    halma_result code_;
    std::string detail_;
};

/// The outcome of a try_* call: ok(), or the code and detail of the failure
/// (what halma::Error would have carried).
class Status {
public:
    /// Success.
    Status() noexcept = default;
    Status(halma_result code, std::string detail) : code_(code), detail_(std::move(detail)) {}

    bool ok() const noexcept { return code_ == HALMA_RESULT_OK; }
    explicit operator bool() const noexcept { return ok(); }
    /// The HALMA_RESULT_* code (HALMA_RESULT_OK on success).
    halma_result code() const noexcept { return code_; }
    /// The library's detail of the failure (empty on success).
    const std::string &detail() const noexcept { return detail_; }
    /// The failure as an exception (for code that mixes both styles).
    Error error() const { return Error(code_, detail_); }

private:
    halma_result code_ = HALMA_RESULT_OK;
    std::string detail_;
};

namespace detail {

/// Reads a text with the output-string convention: one try with a small
/// buffer, one more with the size the library asked for.
template <class Call> std::string read_text(Call &&call, halma_result *code) {
    std::string text(128, '\0');
    std::size_t len = 0;
    *code = call(text.data(), text.size(), &len);
    if (*code == HALMA_RESULT_BUFFER_TOO_SMALL) {
        text.assign(len + 1, '\0');
        *code = call(text.data(), text.size(), &len);
    }
    if (*code != HALMA_RESULT_OK) {
        return std::string();
    }
    text.resize(len);
    return text;
}

/// The calling thread's last error detail.
inline std::string thread_error() {
    halma_result code = HALMA_RESULT_OK;
    return read_text([](char *buf, std::size_t len,
                        std::size_t *out_len) { return halma_last_error(buf, len, out_len); },
                     &code);
}

/// Throws the thread's last error unless `code` is HALMA_RESULT_OK.
inline void check(halma_result code) {
    if (code != HALMA_RESULT_OK) {
        throw Error(code, thread_error());
    }
}

/// Reads a text that must be there, throwing on failure.
template <class Call> std::string text(Call &&call) {
    halma_result code = HALMA_RESULT_OK;
    std::string out = read_text(std::forward<Call>(call), &code);
    check(code);
    return out;
}

/// Reads an array with the "buffer too small" convention.
template <class T, class Call> std::vector<T> array(Call &&call) {
    std::vector<T> items(64);
    std::size_t len = 0;
    halma_result code = call(items.data(), items.size(), &len);
    if (code == HALMA_RESULT_BUFFER_TOO_SMALL) {
        items.resize(len);
        code = call(items.data(), items.size(), &len);
    }
    check(code);
    items.resize(len);
    return items;
}

struct RulesFree {
    void operator()(halma_rules *rules) const noexcept { halma_rules_free(rules); }
};
struct GameFree {
    void operator()(halma_game *game) const noexcept { halma_game_free(game); }
};
struct RecordFree {
    void operator()(halma_record *record) const noexcept { halma_record_free(record); }
};
struct EngineFree {
    void operator()(halma_engine *engine) const noexcept { halma_engine_free(engine); }
};

} // namespace detail

/// The version of the loaded library ("MAJOR.MINOR.PATCH").
inline std::string version() { return halma_version(); }

/// The colour name of a seat ("Red"...).
inline std::string seat_name(Seat seat) {
    const char *name = halma_seat_name(static_cast<std::uint32_t>(seat));
    return name != nullptr ? name : "?";
}

/// The name of a square ("a1", "e12").
inline std::string square_name(Square square) {
    return detail::text([square](char *buf, std::size_t len, std::size_t *out_len) {
        return halma_square_name(square, buf, len, out_len);
    });
}

/// The square a name ("e12") stands for.
inline Square parse_square(std::string_view name) {
    Square square = 0;
    detail::check(halma_square_parse(name.data(), name.size(), &square));
    return square;
}

class Game;

/// A rule set, read from a rules string ("halma", "halma8,spoil=fill"...).
class Rules {
public:
    explicit Rules(std::string_view text) {
        halma_rules *raw = nullptr;
        detail::check(halma_rules_new(text.data(), text.size(), &raw));
        handle_.reset(raw);
    }

    Rules(const Rules &other) : handle_(clone(other.handle_.get())) {}
    Rules &operator=(const Rules &other) {
        if (this != &other) {
            handle_.reset(clone(other.handle_.get()));
        }
        return *this;
    }
    Rules(Rules &&) noexcept = default;
    Rules &operator=(Rules &&) noexcept = default;
    ~Rules() = default;

    /// The canonical rules string.
    std::string to_string() const {
        return detail::text([this](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_rules_string(handle_.get(), buf, len, out_len);
        });
    }

    unsigned width() const { return number(halma_rules_board_width); }
    unsigned height() const { return number(halma_rules_board_height); }
    unsigned camp_size() const { return number(halma_rules_camp_size); }

    /// The seats in play, in turn order.
    std::vector<Seat> seats() const {
        std::uint32_t mask = number(halma_rules_seats);
        std::vector<Seat> seats;
        for (std::uint32_t seat = 0; seat < 4; ++seat) {
            if ((mask >> seat) & 1u) {
                seats.push_back(static_cast<Seat>(seat));
            }
        }
        return seats;
    }

    std::vector<Square> home_camp(Seat seat) const { return camp(halma_rules_home_camp, seat); }
    std::vector<Square> target_camp(Seat seat) const {
        return camp(halma_rules_target_camp, seat);
    }

    /// The C handle (still owned by this object).
    const halma_rules *get() const noexcept { return handle_.get(); }

private:
    friend class Game;
    explicit Rules(halma_rules *raw) noexcept : handle_(raw) {}

    static halma_rules *clone(const halma_rules *rules) {
        halma_rules *raw = nullptr;
        detail::check(halma_rules_clone(rules, &raw));
        return raw;
    }

    template <class Getter> std::uint32_t number(Getter getter) const {
        std::uint32_t value = 0;
        detail::check(getter(handle_.get(), &value));
        return value;
    }

    template <class Getter> std::vector<Square> camp(Getter getter, Seat seat) const {
        return detail::array<Square>([&](Square *buf, std::size_t len, std::size_t *out_len) {
            return getter(handle_.get(), static_cast<std::uint32_t>(seat), buf, len, out_len);
        });
    }

    std::unique_ptr<halma_rules, detail::RulesFree> handle_;
};

/// A game: rules, moves played with undo, the position and the result.
class Game {
public:
    /// A game from the start position of the rules.
    explicit Game(const Rules &rules) : Game(rules, nullptr, 0) {}
    /// A game from a position string.
    Game(const Rules &rules, std::string_view position)
        : Game(rules, position.data(), position.size()) {}
    /// A game from the start position of a rules string: Game("halma8").
    explicit Game(std::string_view rules) : Game(Rules(rules)) {}
    /// A game from a rules string and a position string.
    Game(std::string_view rules, std::string_view position) : Game(Rules(rules), position) {}

    Game(const Game &other) : handle_(clone(other.handle_.get())) {}
    Game &operator=(const Game &other) {
        if (this != &other) {
            handle_.reset(clone(other.handle_.get()));
        }
        return *this;
    }
    Game(Game &&) noexcept = default;
    Game &operator=(Game &&) noexcept = default;
    ~Game() = default;

    Rules rules() const {
        halma_rules *raw = nullptr;
        check(halma_game_rules(get(), &raw));
        return Rules(raw);
    }

    Seat side_to_move() const { return static_cast<Seat>(seat(halma_game_side_to_move)); }

    /// The seat whose piece is on `square`, or nothing.
    std::optional<Seat> piece_at(Square square) const {
        std::uint32_t seat = 0;
        check(halma_game_piece_at(get(), square, &seat));
        return seat_or_none(seat);
    }

    /// The position string.
    std::string position() const {
        return text([this](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_game_position(get(), buf, len, out_len);
        });
    }

    /// The winner, or nothing while the game is ongoing.
    std::optional<Seat> winner() const { return seat_or_none(seat(halma_game_result)); }
    bool is_over() const { return winner().has_value(); }

    std::size_t ply_count() const {
        std::size_t count = 0;
        check(halma_game_ply_count(get(), &count));
        return count;
    }

    std::vector<Move> history() const {
        return moves([this](halma_move *buf, std::size_t len, std::size_t *out_len) {
            return halma_game_history(get(), buf, len, out_len);
        });
    }

    std::size_t legal_move_count() const {
        std::size_t count = 0;
        check(halma_game_legal_move_count(get(), &count));
        return count;
    }

    /// The legal moves, by origin, kind and destination.
    std::vector<Move> legal_moves() const {
        return moves([this](halma_move *buf, std::size_t len, std::size_t *out_len) {
            return halma_game_legal_moves(get(), buf, len, out_len);
        });
    }

    /// The squares of a legal move's path, origin first (empty for a pass).
    std::vector<Square> path(const Move &mv) const {
        halma_move record = mv.to_c();
        std::vector<Square> squares(70);
        std::size_t len = 0;
        halma_result code = halma_game_move_path(get(), &record, squares.data(), squares.size(), &len);
        if (code == HALMA_RESULT_BUFFER_TOO_SMALL) {
            squares.resize(len);
            code = halma_game_move_path(get(), &record, squares.data(), squares.size(), &len);
        }
        check(code);
        squares.resize(len);
        return squares;
    }

    /// The notation of a legal move ("e4-e5", "c3-e5-g5", "pass").
    std::string notation(const Move &mv) const {
        halma_move record = mv.to_c();
        return text([&](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_game_move_notation(get(), &record, buf, len, out_len);
        });
    }

    /// Reads a move without playing it.
    Move parse_move(std::string_view text) const {
        Move mv;
        check(try_parse_move(text, mv));
        return mv;
    }

    void play(const Move &mv) { check(try_play(mv)); }

    /// Reads a move in notation and plays it; returns the move played.
    Move play(std::string_view text) {
        Move mv;
        check(try_play(text, &mv));
        return mv;
    }

    /// Takes back the last move and returns it.
    Move undo() {
        Move mv;
        check(try_undo(&mv));
        return mv;
    }

    /// play() without exceptions: HALMA_RESULT_ILLEGAL_MOVE, GAME_OVER... as a Status.
    Status try_play(const Move &mv) {
        halma_move record = mv.to_c();
        return status(halma_game_play(get(), &record));
    }

    /// play(text) without exceptions; `*played` (if given) receives the move on success.
    Status try_play(std::string_view text, Move *played = nullptr) {
        halma_move mv{};
        Status result = status(halma_game_play_notation(get(), text.data(), text.size(), &mv));
        if (result.ok() && played != nullptr) {
            *played = Move::from_c(mv);
        }
        return result;
    }

    /// undo() without exceptions; `*undone` (if given) receives the move on success.
    Status try_undo(Move *undone = nullptr) {
        halma_move mv{};
        Status result = status(halma_game_undo(get(), &mv));
        if (result.ok() && undone != nullptr) {
            *undone = Move::from_c(mv);
        }
        return result;
    }

    /// parse_move() without exceptions; `out` is written only on success.
    Status try_parse_move(std::string_view text, Move &out) const {
        halma_move mv{};
        Status result = status(halma_game_parse_move(get(), text.data(), text.size(), &mv));
        if (result.ok()) {
            out = Move::from_c(mv);
        }
        return result;
    }

    std::uint64_t perft(unsigned depth) const {
        std::uint64_t count = 0;
        check(halma_game_perft(get(), depth, &count));
        return count;
    }

    /// perft with a transposition table of `megabytes` MiB shared by
    /// `threads` threads (halma_game_perft_hashed): the same count, sooner.
    std::uint64_t perft_hashed(unsigned depth, unsigned megabytes, unsigned threads = 1) const {
        std::uint64_t count = 0;
        check(halma_game_perft_hashed(get(), depth, megabytes, threads, &count));
        return count;
    }

    /// perft by reply reuse (halma_game_perft_reusing), with a table of
    /// `megabytes` MiB when not 0, on `threads` threads: the same count,
    /// sooner while the seats' pieces are apart.
    std::uint64_t perft_reusing(unsigned depth, unsigned megabytes = 0, unsigned threads = 1) const {
        std::uint64_t count = 0;
        check(halma_game_perft_reusing(get(), depth, megabytes, threads, &count));
        return count;
    }

    /// The game record, with extra (name, value) tags.
    std::string record(const std::vector<std::pair<std::string, std::string>> &tags = {}) const {
        std::vector<halma_tag> c_tags;
        for (const auto &tag : tags) {
            c_tags.push_back(halma_tag{tag.first.data(), tag.first.size(), tag.second.data(),
                                       tag.second.size()});
        }
        return text([&](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_game_write_record(get(), c_tags.data(), c_tags.size(), buf, len,
                                           out_len);
        });
    }

    /// The C handle (still owned by this object), for reading calls.
    const halma_game *get() const noexcept { return handle_.get(); }
    /// The C handle (still owned by this object), for any call.
    halma_game *get() noexcept { return handle_.get(); }

private:
    friend class Record;
    explicit Game(halma_game *raw) noexcept : handle_(raw) {}

    Game(const Rules &rules, const char *position, std::size_t len) {
        halma_game *raw = nullptr;
        detail::check(halma_game_new(rules.get(), position, len, &raw));
        handle_.reset(raw);
    }

    static halma_game *clone(const halma_game *game) {
        halma_game *raw = nullptr;
        detail::check(halma_game_clone(game, &raw));
        return raw;
    }

    /// `code` with the game's own last error as its detail.
    Status status(halma_result code) const {
        if (code == HALMA_RESULT_OK) {
            return Status();
        }
        halma_result read = HALMA_RESULT_OK;
        std::string message = detail::read_text(
            [this](char *buf, std::size_t len, std::size_t *out_len) {
                return halma_game_last_error(get(), buf, len, out_len);
            },
            &read);
        // A moved-from Game has no handle: fall back to the thread's detail.
        return Status(code, read == HALMA_RESULT_OK ? message : detail::thread_error());
    }

    /// Throws unless `code` is HALMA_RESULT_OK, with the game's own last error.
    void check(halma_result code) const {
        if (code != HALMA_RESULT_OK) {
            throw status(code).error();
        }
    }

    static void check(const Status &result) {
        if (!result.ok()) {
            throw result.error();
        }
    }

    template <class Call> std::string text(Call &&call) const {
        halma_result code = HALMA_RESULT_OK;
        std::string out = detail::read_text(std::forward<Call>(call), &code);
        check(code);
        return out;
    }

    template <class Call> std::vector<Move> moves(Call &&call) const {
        std::vector<halma_move> records(256);
        std::size_t len = 0;
        halma_result code = call(records.data(), records.size(), &len);
        if (code == HALMA_RESULT_BUFFER_TOO_SMALL) {
            records.resize(len);
            code = call(records.data(), records.size(), &len);
        }
        check(code);
        std::vector<Move> out;
        out.reserve(len);
        for (std::size_t i = 0; i < len; ++i) {
            out.push_back(Move::from_c(records[i]));
        }
        return out;
    }

    template <class Getter> std::uint32_t seat(Getter getter) const {
        std::uint32_t value = 0;
        check(getter(get(), &value));
        return value;
    }

    static std::optional<Seat> seat_or_none(std::uint32_t seat) {
        if (seat == HALMA_SEAT_NONE) {
            return std::nullopt;
        }
        return static_cast<Seat>(seat);
    }

    std::unique_ptr<halma_game, detail::GameFree> handle_;
};

/// A game record read back: its game and its tags.
class Record {
public:
    explicit Record(std::string_view text) {
        halma_record *raw = nullptr;
        detail::check(halma_record_read(text.data(), text.size(), &raw));
        handle_.reset(raw);
    }

    /// The game, replayed to its last move.
    Game game() const {
        halma_game *raw = nullptr;
        detail::check(halma_record_game(handle_.get(), &raw));
        return Game(raw);
    }

    /// Every tag as (name, value), in the order read.
    std::vector<std::pair<std::string, std::string>> tags() const {
        std::size_t count = 0;
        detail::check(halma_record_tag_count(handle_.get(), &count));
        std::vector<std::pair<std::string, std::string>> tags;
        for (std::size_t i = 0; i < count; ++i) {
            auto part = [&](auto getter) {
                return detail::text([&](char *buf, std::size_t len, std::size_t *out_len) {
                    return getter(handle_.get(), i, buf, len, out_len);
                });
            };
            tags.emplace_back(part(halma_record_tag_name), part(halma_record_tag_value));
        }
        return tags;
    }

    /// The C handle (still owned by this object).
    const halma_record *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<halma_record, detail::RecordFree> handle_;
};

/// The answer of Engine::search: the best move, its score, the line.
struct SearchResult {
    Move best_move;
    /// For the side to move, in evaluation units (10 = one square of race distance).
    std::int32_t score = 0;
    /// N > 0: the side to move wins N plies from now; -N: it loses; 0: no forced result.
    std::int32_t win_in = 0;
    std::uint32_t depth = 0;
    std::uint32_t seldepth = 0;
    std::uint64_t nodes = 0;
    std::uint64_t elapsed_ms = 0;
    /// The principal variation, starting with best_move.
    std::vector<Move> pv;
    /// The principal variation in notation, moves separated by spaces
    /// ("e4-e5 c3-e5-g5 ...").
    std::string pv_notation;
};

/// A computer player, level 1 (a beginner) to 10 (full strength). Not
/// copyable. `stop()` may be called from another thread while `search()`
/// runs; nothing else may run on one Engine at the same time.
class Engine {
public:
    explicit Engine(std::uint32_t level = 10, std::uint32_t threads = 1,
                    std::uint32_t hash_mib = 0) {
        halma_engine *raw = nullptr;
        detail::check(halma_engine_new(level, threads, hash_mib, &raw));
        handle_.reset(raw);
    }

    Engine(const Engine &) = delete;
    Engine &operator=(const Engine &) = delete;
    Engine(Engine &&) noexcept = default;
    Engine &operator=(Engine &&) noexcept = default;
    ~Engine() = default;

    void set_level(std::uint32_t level) { detail::check(halma_engine_set_level(get(), level)); }

    /// What a draw by repetition is worth less than an even position, 0 to
    /// HALMA_MAX_CONTEMPT evaluation units (HALMA_DEFAULT_CONTEMPT at first).
    void set_contempt(std::uint32_t contempt) {
        detail::check(halma_engine_set_contempt(get(), contempt));
    }

    /// Forgets what the engine learnt (node-limited searches repeat exactly).
    void new_game() { detail::check(halma_engine_new_game(get())); }

    /// Fills the transposition table now (about a second per GiB) rather
    /// than at the next search; stop() ends it early.
    void fill_hash() { detail::check(halma_engine_fill_hash(get())); }

    /// The best move in `game` under the limits (0 = no such limit; all 0,
    /// the default: the level's own limit). Throws Error
    /// (HALMA_RESULT_GAME_OVER...) on failure.
    SearchResult search(const Game &game, std::uint32_t depth = 0, std::uint64_t nodes = 0,
                        std::uint64_t movetime_ms = 0) {
        SearchResult result;
        Status outcome = try_search(game, result, depth, nodes, movetime_ms);
        if (!outcome.ok()) {
            throw outcome.error();
        }
        return result;
    }

    /// search() without exceptions: `out` is written only on success.
    Status try_search(const Game &game, SearchResult &out, std::uint32_t depth = 0,
                      std::uint64_t nodes = 0, std::uint64_t movetime_ms = 0) {
        halma_search_result raw{};
        halma_result code =
            halma_engine_search(get(), game.get(), depth, nodes, movetime_ms, &raw);
        if (code != HALMA_RESULT_OK) {
            return Status(code, detail::thread_error());
        }
        SearchResult result;
        result.best_move = Move::from_c(raw.best_move);
        result.score = raw.score;
        result.win_in = raw.win_in;
        result.depth = raw.depth;
        result.seldepth = raw.seldepth;
        result.nodes = raw.nodes;
        result.elapsed_ms = raw.elapsed_ms;
        std::vector<halma_move> line(raw.pv_len);
        std::size_t len = 0;
        code = halma_engine_pv(get(), line.data(), line.size(), &len);
        if (code != HALMA_RESULT_OK) {
            return Status(code, detail::thread_error());
        }
        for (std::size_t i = 0; i < len; ++i) {
            result.pv.push_back(Move::from_c(line[i]));
        }
        code = HALMA_RESULT_OK;
        result.pv_notation = detail::read_text(
            [&](char *buf, std::size_t size, std::size_t *out_len) {
                return halma_engine_pv_string(get(), game.get(), buf, size, out_len);
            },
            &code);
        if (code != HALMA_RESULT_OK) {
            return Status(code, detail::thread_error());
        }
        out = std::move(result);
        return Status();
    }

    /// Asks a search running on this engine (on another thread) to return soon.
    void stop() const noexcept { halma_engine_stop(handle_.get()); }

    /// The C handle (still owned by this object), for halma_engine_stop.
    const halma_engine *get() const noexcept { return handle_.get(); }
    /// The C handle (still owned by this object), for any call.
    halma_engine *get() noexcept { return handle_.get(); }

private:
    std::unique_ptr<halma_engine, detail::EngineFree> handle_;
};

} // namespace halma

namespace std {
/// Hashing for unordered containers, consistent with operator==.
template <> struct hash<halma::Move> {
    std::size_t operator()(const halma::Move &mv) const noexcept {
        std::uint64_t key = (std::uint64_t{mv.origin} << 48) |
                            (std::uint64_t{mv.destination} << 32) |
                            static_cast<std::uint32_t>(mv.kind);
        return std::hash<std::uint64_t>{}(key);
    }
};
} // namespace std

#endif // HALMA_HPP
