// play.cpp: a four-player game of Halma through halma.hpp (the header-only
// C++17 RAII wrapper over the C ABI), checking the wrapper's promises.
//
//   play [RULES [SEED [MAX_PLIES]]]      (defaults: halma4 7 3000)
//
// Every seat plays greedy-forward (ties broken at random). The game ends with
// a winner or, at MAX_PLIES plies, as a draw; then the engine (halma::Engine)
// searches the start position briefly. Exits 0 when every check passed.
//
// Build against an installed halma (README, "Use it from C or C++"):
//   c++ -std=c++17 -Wall -Wextra -Werror examples/cpp/play.cpp
//       $(pkg-config --cflags --libs halma) -Wl,-rpath,$PREFIX/lib -o play
// (one command line), or with CMake: examples/cmake.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#include <halma/halma.hpp>

namespace {

int failures = 0;

void expect(bool condition, const std::string &what) {
    if (!condition) {
        std::cerr << "check failed: " << what << '\n';
        ++failures;
    }
}

/// Runs `call`, which must throw halma::Error with `code`; returns its detail.
template <class Call> std::string expect_error(Call &&call, halma_result code, const std::string &what) {
    try {
        call();
    } catch (const halma::Error &error) {
        expect(error.code() == code, what + ": code " + std::to_string(error.code()));
        expect(!error.detail().empty(), what + ": the error has a detail");
        return error.detail();
    }
    expect(false, what + ": no exception");
    return std::string();
}

struct Corner {
    int file;
    int rank;
};

/// The corner of a seat's target camp.
Corner target_corner(const halma::Rules &rules, halma::Seat seat) {
    int files = 0, ranks = 0;
    auto camp = rules.target_camp(seat);
    for (halma::Square square : camp) {
        files += square % 16;
        ranks += square / 16;
    }
    int n = static_cast<int>(camp.size());
    int width = static_cast<int>(rules.width()), height = static_cast<int>(rules.height());
    return Corner{files / n < width / 2 ? 0 : width - 1, ranks / n < height / 2 ? 0 : height - 1};
}

int distance(Corner corner, halma::Square square) {
    return std::abs(square % 16 - corner.file) + std::abs(square / 16 - corner.rank);
}

} // namespace

int main(int argc, char **argv) {
    const std::string rules_text = argc > 1 ? argv[1] : "halma4";
    const unsigned long seed = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 7;
    const std::size_t max_plies = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 3000;
    std::mt19937_64 random(seed);

    std::cout << "halma " << halma::version() << ", rules " << rules_text << ", seed " << seed
              << '\n';
    expect(halma::version() == std::to_string(HALMA_VERSION_MAJOR) + "." +
                                   std::to_string(HALMA_VERSION_MINOR) + "." +
                                   std::to_string(HALMA_VERSION_PATCH),
           "the library is the version of the header");

    // Errors carry their detail.
    std::string detail = expect_error([] { halma::Rules("halma,fast"); },
                                      HALMA_RESULT_INVALID_RULES, "unknown option");
    expect(detail.find("fast") != std::string::npos, "the detail names the option: " + detail);
    detail = expect_error([] { halma::Game(halma::Rules("halma8"), "8/8 r"); },
                          HALMA_RESULT_INVALID_POSITION, "wrong board size");
    expect(detail.find("8x2") != std::string::npos, "the detail gives the size: " + detail);

    halma::Rules rules(rules_text);
    std::vector<halma::Seat> seats = rules.seats();
    std::vector<Corner> corners;
    for (int seat = 0; seat < 4; ++seat) {
        corners.push_back(target_corner(rules, static_cast<halma::Seat>(seat)));
    }
    halma::Game game(rules);
    expect(game.rules().to_string() == rules.to_string(), "the game keeps its rules");

    // Illegal moves throw with the segment at fault; nothing changes.
    const std::string start = game.position();
    detail = expect_error([&] { game.play(std::string_view("a1-a9")); }, HALMA_RESULT_ILLEGAL_MOVE,
                          "an illegal move");
    expect(game.position() == start && game.ply_count() == 0, "a failed play changes nothing");
    expect_error([&] { game.undo(); }, HALMA_RESULT_NOTHING_TO_UNDO, "undo at the start");

    std::size_t ply = 0;
    std::optional<halma::Game> snapshot;
    for (; ply < max_plies && !game.is_over(); ++ply) {
        std::vector<halma::Move> moves = game.legal_moves();
        expect(!moves.empty() && moves.size() == game.legal_move_count(), "moves to choose from");
        halma::Seat side = game.side_to_move();
        Corner corner = corners[static_cast<std::size_t>(side)];
        auto in_target = [&](halma::Square square) {
            for (halma::Square s : rules.target_camp(side)) {
                if (s == square) {
                    return 1;
                }
            }
            return 0;
        };
        // Greedy-forward with random ties.
        int best_gain = -1000;
        std::vector<std::size_t> best;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const halma::Move &mv = moves[i];
            int gain = mv.is_pass() ? 0
                                    : distance(corner, mv.origin) - distance(corner, mv.destination) +
                                          8 * (in_target(mv.destination) - in_target(mv.origin));
            if (gain > best_gain) {
                best_gain = gain;
                best.clear();
            }
            if (gain == best_gain) {
                best.push_back(i);
            }
        }
        const halma::Move chosen = moves[best[random() % best.size()]];
        // Notation and path agree with the move; play/undo restores the position.
        const std::string text = game.notation(chosen);
        expect(game.parse_move(text) == chosen, "the notation reads back: " + text);
        std::vector<halma::Square> path = game.path(chosen);
        expect(chosen.is_pass() ? path.empty()
                                : path.front() == chosen.origin && path.back() == chosen.destination,
               "the path runs from origin to destination: " + text);
        const std::string before = game.position();
        expect(game.play(text) == chosen, "playing the notation plays the move");
        expect(game.undo() == chosen && game.position() == before, "undo restores " + before);
        game.play(chosen);
        if (ply == 20) {
            snapshot = game; // a copy: an independent clone
        }
    }

    if (auto winner = game.winner()) {
        std::cout << halma::seat_name(*winner) << " won after " << ply << " plies\n";
        expect(game.legal_moves().empty(), "no move once the game is over");
        expect_error([&] { game.play(halma::Move::pass()); }, HALMA_RESULT_GAME_OVER,
                     "a move after the end");
    } else {
        std::cout << "draw: no winner after " << ply << " plies (the ply cap)\n";
        expect(ply == max_plies, "only the ply cap ends a game without a winner");
    }
    if (snapshot) {
        expect(snapshot->ply_count() == 21, "the copy did not follow the game");
        halma::Game moved = std::move(*snapshot);
        expect(moved.ply_count() == 21, "moving keeps the handle");
    }

    // The record reads back to the same game and tags.
    const std::string record_text = game.record({{"Event", "C++ example"}, {"Seed", std::to_string(seed)}});
    halma::Record record(record_text);
    halma::Game replayed = record.game();
    expect(replayed.position() == game.position(), "the record replays to the same position");
    expect(replayed.history() == game.history(), "the record replays the same moves");
    auto tags = record.tags();
    expect(tags.size() == 4 && tags[0].first == "Rules" && tags[2].second == "C++ example",
           "the record keeps its tags");
    detail = expect_error([&] { halma::Record(record_text + " z9-z10"); },
                          HALMA_RESULT_INVALID_RECORD, "a bad move in a record");

    // The engine: a node-limited search gives a legal move and its line, the
    // same again after new_game(); a finished game has nothing to search.
    {
        halma::Engine engine(10, 1, 1);
        halma::Game fresh(rules);
        halma::SearchResult first = engine.search(fresh, 0, 300, 0);
        std::vector<halma::Move> legal = fresh.legal_moves();
        bool found = false;
        for (const halma::Move &mv : legal) {
            found = found || mv == first.best_move;
        }
        expect(found, "the engine's move is legal");
        expect(!first.pv.empty() && first.pv.front() == first.best_move, "the line starts with it");
        engine.new_game();
        halma::SearchResult again = engine.search(fresh, 0, 300, 0);
        expect(again.best_move == first.best_move && again.nodes == first.nodes,
               "node-limited searches repeat");
        if (game.is_over()) {
            expect_error([&] { engine.search(game, 0, 300, 0); }, HALMA_RESULT_GAME_OVER,
                         "a search after the end");
        }
        expect_error([] { halma::Engine(0); }, HALMA_RESULT_INVALID_ARGUMENT, "level 0");
        std::string contempt = expect_error([&] { engine.set_contempt(HALMA_MAX_CONTEMPT + 1); },
                                            HALMA_RESULT_INVALID_ARGUMENT, "contempt above the maximum");
        expect(contempt.find("10001") != std::string::npos, "the detail names the value: " + contempt);
        engine.set_contempt(0);
        engine.stop(); // no search runs: a no-op
    }

    // The wrapper's conveniences: a game from a rules string, search with
    // the level's default limit, ordered and hashed moves, const handles,
    // and the try_* calls that report failures without exceptions.
    {
        halma::Game small("halma8");
        expect(small.rules().to_string() == "halma8", "Game(\"halma8\")");
        halma::Game from_position("halma8", small.position());
        expect(from_position.position() == small.position(), "Game(rules, position) from strings");
        std::vector<halma::Move> moves = small.legal_moves();
        expect(moves.size() <= HALMA_MAX_LEGAL_MOVES, "HALMA_MAX_LEGAL_MOVES bounds the moves");
        std::vector<halma::Move> sorted = moves;
        std::reverse(sorted.begin(), sorted.end());
        std::sort(sorted.begin(), sorted.end());
        expect(sorted == moves, "operator< sorts moves into the library's order");
        std::set<halma::Move> ordered(moves.begin(), moves.end());
        std::unordered_set<halma::Move> hashed(moves.begin(), moves.end());
        expect(ordered.size() == moves.size() && hashed.size() == moves.size(),
               "distinct moves stay distinct in std::set and std::unordered_set");
        expect(hashed.count(moves.front()) == 1 && ordered.count(moves.back()) == 1,
               "moves are found again by value");
        const halma::Game &reader = small;
        static_assert(std::is_same_v<decltype(reader.get()), const halma_game *>,
                      "a const Game gives a const handle");
        halma::Move parsed;
        halma::Status status = small.try_parse_move("a1-a9", parsed);
        expect(!status && status.code() == HALMA_RESULT_ILLEGAL_MOVE && !status.detail().empty(),
               "try_parse_move reports an illegal move: " + status.detail());
        status = small.try_play("a1-a9");
        expect(status.code() == HALMA_RESULT_ILLEGAL_MOVE && small.ply_count() == 0,
               "try_play reports without playing");
        expect(small.try_undo().code() == HALMA_RESULT_NOTHING_TO_UNDO, "try_undo at the start");
        halma::Move played;
        expect(small.try_play(small.notation(moves.front()), &played).ok() &&
                   played == moves.front(),
               "try_play plays and reports the move");
        halma::Engine engine(1);
        halma::SearchResult result = engine.search(small); // the level's own limit
        expect(result.pv_notation.rfind(small.notation(result.best_move), 0) == 0,
               "the line in notation starts with the best move: " + result.pv_notation);
        halma::SearchResult same;
        expect(engine.try_search(small, same, 0, 200).ok() && !same.pv.empty(),
               "try_search succeeds");
    }

    // perft from the start of standard Halma (the rule book's example).
    expect(halma::Game(halma::Rules("halma")).perft(2) == 1600, "perft(halma, 2) = 1600");
    expect(halma::Game(halma::Rules("halma")).perft_hashed(3, 1, 2) ==
               halma::Game(halma::Rules("halma")).perft(3),
           "hashed perft(halma, 3) = perft(halma, 3)");
    expect(halma::Game(halma::Rules("halma")).perft_reusing(4, 0, 2) ==
               halma::Game(halma::Rules("halma")).perft(4),
           "perft reusing replies (halma, 4) = perft(halma, 4)");
    expect(halma::square_name(halma::parse_square("e12")) == "e12", "square names round-trip");

    if (failures != 0) {
        std::cerr << failures << " checks failed\n";
        return 1;
    }
    std::cout << "all checks passed\n";
    return 0;
}
