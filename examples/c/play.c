/*
 * play.c: a whole game of Halma between two simple policies, played through
 * the halma C ABI, checking the ABI's invariants at every ply.
 *
 *   play [RULES [SEED [MAX_PLIES]]]      (defaults: halma8 1 400)
 *
 * Red is the engine (halma_engine_search under a small node limit, so the
 * game stays fast), Green plays greedy-forward (the move that brings a piece
 * closest to its target corner, ties broken at random), the other seats play
 * at random among their forward moves. The game ends with a winner or, at
 * MAX_PLIES plies, as a draw. Exits 0 when every check passed, 1 otherwise.
 *
 * Build against an installed halma (README, "Use it from C or C++"):
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic examples/c/play.c \
 *      $(pkg-config --cflags --libs halma) -Wl,-rpath,$PREFIX/lib -o play
 * or with CMake: examples/cmake. (The test suite builds it against cargo's
 * own build, target/<profile>/libhalma_ffi.a: crates/ffi/tests/clients.rs.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <halma/halma.h>

/* ---- checking ---------------------------------------------------------- */

static void die(const char *what, int line, halma_result code)
{
    char detail[512];
    size_t detail_len = 0;
    if (halma_last_error(detail, sizeof detail, &detail_len) != HALMA_RESULT_OK) {
        strcpy(detail, "(detail too long)");
    }
    fprintf(stderr, "play.c:%d: %s failed: %s: %s\n", line, what,
            halma_result_message(code), detail);
    exit(1);
}

/* Calls a halma_ function that must succeed. */
#define CHECK(call)                                                            \
    do {                                                                       \
        halma_result check_code_ = (call);                                     \
        if (check_code_ != HALMA_RESULT_OK) {                                  \
            die(#call, __LINE__, check_code_);                                 \
        }                                                                      \
    } while (0)

/* Calls a halma_ function that must fail with the given code. */
#define CHECK_FAILS(call, expected)                                            \
    do {                                                                       \
        halma_result check_code_ = (call);                                     \
        if (check_code_ != (expected)) {                                       \
            fprintf(stderr, "play.c:%d: %s returned %u, expected %s\n",        \
                    __LINE__, #call, (unsigned)check_code_, #expected);        \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

/* An invariant. */
#define EXPECT(condition)                                                      \
    do {                                                                       \
        if (!(condition)) {                                                    \
            fprintf(stderr, "play.c:%d: expected %s\n", __LINE__, #condition); \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

/* ---- a tiny deterministic random number generator (xorshift64) --------- */

static unsigned long long rng_state = 88172645463325252ULL;

static unsigned random_below(unsigned bound)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % bound);
}

/* ---- board geometry ---------------------------------------------------- */

#define MAX_SEATS 4

typedef struct {
    unsigned width, height;
    unsigned corner_file[MAX_SEATS], corner_rank[MAX_SEATS];
    unsigned char in_target[MAX_SEATS][256];
} board;

static unsigned distance(const board *b, unsigned seat, unsigned square)
{
    unsigned file = square % 16, rank = square / 16;
    unsigned df = file > b->corner_file[seat] ? file - b->corner_file[seat]
                                              : b->corner_file[seat] - file;
    unsigned dr = rank > b->corner_rank[seat] ? rank - b->corner_rank[seat]
                                              : b->corner_rank[seat] - rank;
    return df + dr;
}

/* The target corner of every seat, read from its target camp. */
static void read_board(const halma_rules *rules, board *b)
{
    unsigned seat;
    memset(b, 0, sizeof *b);
    CHECK(halma_rules_board_width(rules, &b->width));
    CHECK(halma_rules_board_height(rules, &b->height));
    for (seat = 0; seat < MAX_SEATS; seat++) {
        uint16_t camp[64];
        size_t count = 0, i;
        unsigned file_sum = 0, rank_sum = 0;
        CHECK(halma_rules_target_camp(rules, seat, camp, 64, &count));
        EXPECT(count > 0);
        for (i = 0; i < count; i++) {
            b->in_target[seat][camp[i]] = 1;
            file_sum += camp[i] % 16;
            rank_sum += camp[i] / 16;
        }
        b->corner_file[seat] = file_sum / count < b->width / 2 ? 0 : b->width - 1;
        b->corner_rank[seat] = rank_sum / count < b->height / 2 ? 0 : b->height - 1;
    }
}

/* ---- policies ---------------------------------------------------------- */

/* How much a move brings its piece towards the mover's target corner. */
static int progress(const board *b, unsigned seat, const halma_move *mv)
{
    int gain;
    if (mv->kind == HALMA_MOVE_KIND_PASS) {
        return 0;
    }
    gain = (int)distance(b, seat, mv->origin) - (int)distance(b, seat, mv->destination);
    /* Entering the target camp is worth a lot, leaving it costs a lot. */
    gain += 8 * ((int)b->in_target[seat][mv->destination] - (int)b->in_target[seat][mv->origin]);
    return gain;
}

/* Greedy-forward: the best progress, ties broken at random. */
static size_t greedy(const board *b, unsigned seat, const halma_move *moves, size_t count)
{
    size_t i, best = 0, ties = 0;
    int best_gain = -1000;
    for (i = 0; i < count; i++) {
        int gain = progress(b, seat, &moves[i]);
        if (gain > best_gain) {
            best_gain = gain;
            best = i;
            ties = 1;
        } else if (gain == best_gain && random_below((unsigned)++ties) == 0) {
            best = i;
        }
    }
    return best;
}

/* Random among the moves that make progress (any move when none does). */
static size_t random_forward(const board *b, unsigned seat, const halma_move *moves, size_t count)
{
    size_t i, forward = 0;
    for (i = 0; i < count; i++) {
        forward += progress(b, seat, &moves[i]) > 0;
    }
    if (forward == 0) {
        return random_below((unsigned)count);
    }
    forward = random_below((unsigned)forward);
    for (i = 0; i < count; i++) {
        if (progress(b, seat, &moves[i]) > 0 && forward-- == 0) {
            return i;
        }
    }
    return 0;
}

/* The engine: a node-limited search (deterministic), whose principal
 * variation starts with its best move. */
#define ENGINE_NODES 300

static halma_move engine_move(halma_engine *engine, const halma_game *game)
{
    halma_search_result result;
    halma_move line[64];
    size_t line_len = 0;
    CHECK(halma_engine_search(engine, game, 0, ENGINE_NODES, 0, &result));
    EXPECT(result.pv_len >= 1);
    CHECK_FAILS(halma_engine_pv(engine, NULL, 0, &line_len), HALMA_RESULT_BUFFER_TOO_SMALL);
    EXPECT(line_len == result.pv_len);
    if (line_len <= 64) {
        CHECK(halma_engine_pv(engine, line, 64, &line_len));
        EXPECT(line[0].origin == result.best_move.origin);
        EXPECT(line[0].destination == result.best_move.destination);
        EXPECT(line[0].kind == result.best_move.kind);
    }
    {
        /* The line in notation: "e4-e5 c3-e5-g5 ...", starting with the
         * best move's notation. */
        size_t text_len = 0, best_len = 0;
        char best[300];
        char *text;
        CHECK_FAILS(halma_engine_pv_string(engine, game, NULL, 0, &text_len),
                    HALMA_RESULT_BUFFER_TOO_SMALL);
        text = malloc(text_len + 1);
        EXPECT(text != NULL);
        CHECK(halma_engine_pv_string(engine, game, text, text_len + 1, &text_len));
        CHECK(halma_game_move_notation(game, &result.best_move, best, sizeof best, &best_len));
        EXPECT(strncmp(text, best, best_len) == 0);
        EXPECT(text[best_len] == ' ' || text[best_len] == '\0');
        free(text);
    }
    return result.best_move;
}

/* ---- invariants of one ply --------------------------------------------- */

static char *position_string(const halma_game *game)
{
    size_t len = 0;
    char *text;
    /* The size query: a 0-byte buffer gets BUFFER_TOO_SMALL and the length. */
    CHECK_FAILS(halma_game_position(game, NULL, 0, &len), HALMA_RESULT_BUFFER_TOO_SMALL);
    text = malloc(len + 1);
    EXPECT(text != NULL);
    CHECK(halma_game_position(game, text, len + 1, &len));
    EXPECT(strlen(text) == len);
    return text;
}

/* The move's notation reads back as the same move, and its path runs from
 * its origin to its destination. */
static void check_notation(const halma_game *game, const halma_move *mv)
{
    char text[300];
    size_t len = 0, path_len = 0;
    uint16_t path[70];
    halma_move parsed;
    CHECK(halma_game_move_notation(game, mv, text, sizeof text, &len));
    CHECK(halma_game_parse_move(game, text, len, &parsed));
    EXPECT(parsed.origin == mv->origin && parsed.destination == mv->destination);
    EXPECT(parsed.kind == mv->kind);
    CHECK(halma_game_move_path(game, mv, path, 70, &path_len));
    if (mv->kind == HALMA_MOVE_KIND_PASS) {
        EXPECT(path_len == 0 && strcmp(text, "pass") == 0);
    } else {
        EXPECT(path_len >= 2);
        EXPECT(path[0] == mv->origin && path[path_len - 1] == mv->destination);
        EXPECT(mv->kind != HALMA_MOVE_KIND_STEP || path_len == 2);
    }
}

/* Plays the move, takes it back (the position string must come back), and
 * plays it again. */
static void play_checked(halma_game *game, const halma_move *mv)
{
    char *before = position_string(game);
    char *after;
    char *restored;
    halma_move undone;
    size_t plies_before = 0, plies_after = 0;
    CHECK(halma_game_ply_count(game, &plies_before));
    CHECK(halma_game_play(game, mv));
    after = position_string(game);
    EXPECT(strcmp(before, after) != 0);
    CHECK(halma_game_undo(game, &undone));
    EXPECT(undone.origin == mv->origin && undone.destination == mv->destination);
    restored = position_string(game);
    EXPECT(strcmp(before, restored) == 0);
    CHECK(halma_game_play(game, mv));
    CHECK(halma_game_ply_count(game, &plies_after));
    EXPECT(plies_after == plies_before + 1);
    free(before);
    free(after);
    free(restored);
}

/* ---- the game ---------------------------------------------------------- */

int main(int argc, char **argv)
{
    const char *rules_text = argc > 1 ? argv[1] : "halma8";
    unsigned long seed = argc > 2 ? strtoul(argv[2], NULL, 10) : 1;
    unsigned long max_plies = argc > 3 ? strtoul(argv[3], NULL, 10) : 400;
    halma_rules *rules = NULL;
    halma_game *game = NULL;
    halma_game *snapshot = NULL;
    halma_engine *engine = NULL;
    board b;
    uint32_t seats = 0, winner = HALMA_SEAT_NONE;
    unsigned long ply = 0;
    size_t count = 0, len = 0;
    halma_move *moves = NULL;
    char *final_position;

    rng_state ^= seed * 0x9E3779B97F4A7C15ULL;
    printf("halma %s (header %d.%d.%d), rules %s, seed %lu\n", halma_version(),
           HALMA_VERSION_MAJOR, HALMA_VERSION_MINOR, HALMA_VERSION_PATCH, rules_text, seed);

    CHECK(halma_rules_new(rules_text, strlen(rules_text), &rules));
    CHECK(halma_rules_seats(rules, &seats));
    read_board(rules, &b);
    CHECK(halma_game_new(rules, NULL, 0, &game));
    /* Level 10 (no noise), one thread, a 1 MiB table; bad levels are refused. */
    CHECK_FAILS(halma_engine_new(11, 1, 1, &engine), HALMA_RESULT_INVALID_ARGUMENT);
    EXPECT(engine == NULL);
    CHECK(halma_engine_new(10, 1, 1, &engine));

    for (ply = 0; ply < max_plies; ply++) {
        uint32_t side = 0;
        size_t chosen, written = 0;
        CHECK(halma_game_result(game, &winner));
        if (winner != HALMA_SEAT_NONE) {
            break;
        }
        CHECK(halma_game_side_to_move(game, &side));
        EXPECT(side < MAX_SEATS && (seats >> side & 1u));
        CHECK(halma_game_legal_move_count(game, &count));
        EXPECT(count > 0 && count <= HALMA_MAX_LEGAL_MOVES);
        /* The size query, then the real call. */
        CHECK_FAILS(halma_game_legal_moves(game, NULL, 0, &len), HALMA_RESULT_BUFFER_TOO_SMALL);
        EXPECT(len == count);
        moves = malloc(count * sizeof *moves);
        EXPECT(moves != NULL);
        if (count > 1) {
            /* One record short: nothing written, the count reported. */
            CHECK_FAILS(halma_game_legal_moves(game, moves, count - 1, &len),
                        HALMA_RESULT_BUFFER_TOO_SMALL);
            EXPECT(len == count);
        }
        CHECK(halma_game_legal_moves(game, moves, count, &written));
        EXPECT(written == count);
        if (side == HALMA_SEAT_RED) {
            halma_move best = engine_move(engine, game);
            for (chosen = 0; chosen < count; chosen++) {
                if (moves[chosen].origin == best.origin &&
                    moves[chosen].destination == best.destination &&
                    moves[chosen].kind == best.kind) {
                    break;
                }
            }
            EXPECT(chosen < count); /* the engine's move is legal */
        } else if (side == HALMA_SEAT_GREEN) {
            chosen = greedy(&b, side, moves, count);
        } else {
            chosen = random_forward(&b, side, moves, count);
        }
        check_notation(game, &moves[chosen]);
        play_checked(game, &moves[chosen]);
        free(moves);
        moves = NULL;
        if (ply == 10) {
            CHECK(halma_game_clone(game, &snapshot));
        }
    }
    CHECK(halma_game_result(game, &winner));

    /* The end: no move once the game is over; a draw at the ply cap. */
    if (winner != HALMA_SEAT_NONE) {
        halma_move pass = {HALMA_NO_SQUARE, HALMA_NO_SQUARE, HALMA_MOVE_KIND_PASS};
        EXPECT(seats >> winner & 1u);
        CHECK(halma_game_legal_move_count(game, &count));
        EXPECT(count == 0);
        CHECK_FAILS(halma_game_play(game, &pass), HALMA_RESULT_GAME_OVER);
        CHECK_FAILS(halma_game_play_notation(game, "pass", 4, NULL), HALMA_RESULT_GAME_OVER);
        {
            halma_search_result none;
            CHECK_FAILS(halma_engine_search(engine, game, 0, ENGINE_NODES, 0, &none),
                        HALMA_RESULT_GAME_OVER);
        }
        printf("%s won after %lu plies\n", halma_seat_name(winner), ply);
    } else {
        EXPECT(ply == max_plies);
        printf("draw: no winner after %lu plies (the ply cap)\n", ply);
    }
    final_position = position_string(game);
    printf("final position: %s\n", final_position);

    /* The snapshot taken at ply 11 did not follow the game. */
    if (snapshot != NULL) {
        size_t snapshot_plies = 0;
        CHECK(halma_game_ply_count(snapshot, &snapshot_plies));
        EXPECT(snapshot_plies == 11);
        halma_game_free(snapshot);
    }

    /* The game record reads back to the same game. */
    {
        halma_tag tag = {"Event", 5, "C example", 9};
        halma_record *record = NULL;
        halma_game *replayed = NULL;
        char *text, *replayed_position, value[64];
        size_t tags = 0, value_len = 0;
        CHECK_FAILS(halma_game_write_record(game, &tag, 1, NULL, 0, &len),
                    HALMA_RESULT_BUFFER_TOO_SMALL);
        text = malloc(len + 1);
        EXPECT(text != NULL);
        CHECK(halma_game_write_record(game, &tag, 1, text, len + 1, &len));
        CHECK(halma_record_read(text, len, &record));
        CHECK(halma_record_game(record, &replayed));
        replayed_position = position_string(replayed);
        EXPECT(strcmp(replayed_position, final_position) == 0);
        CHECK(halma_record_tag_count(record, &tags));
        EXPECT(tags == 3); /* Rules, Result, Event */
        CHECK(halma_record_tag_value(record, 2, value, sizeof value, &value_len));
        EXPECT(strcmp(value, "C example") == 0);
        free(replayed_position);
        free(text);
        halma_game_free(replayed);
        halma_record_free(record);
    }

    free(final_position);
    halma_engine_stop(engine); /* no search runs: a no-op */
    halma_engine_free(engine);
    halma_engine_free(NULL); /* a no-op */
    halma_game_free(game);
    halma_rules_free(rules);
    halma_game_free(NULL); /* a no-op */
    printf("all checks passed\n");
    return 0;
}
