/* hello.c: the first program of the halma C SDK (its README.md): perft 3
 * from the halma start, through the form of include that finds halma.h in
 * include/halma/ (pkg-config's Cflags name both include/ and include/halma). */
#include <stdio.h>
#include <string.h>

#include "halma.h"

int main(void) {
    const char *name = "halma";
    halma_rules *rules = NULL;
    if (halma_rules_new(name, strlen(name), &rules) != HALMA_RESULT_OK) {
        fprintf(stderr, "bad rules\n");
        return 1;
    }
    halma_game *game = NULL;
    if (halma_game_new(rules, NULL, 0, &game) != HALMA_RESULT_OK) {
        fprintf(stderr, "no game\n");
        halma_rules_free(rules);
        return 1;
    }
    uint64_t leaves = 0;
    halma_result result = halma_game_perft(game, 3, &leaves);
    halma_game_free(game);
    halma_rules_free(rules);
    if (result != HALMA_RESULT_OK) {
        fprintf(stderr, "perft failed\n");
        return 1;
    }
    printf("perft 3 from the halma start: %llu\n", (unsigned long long)leaves);
    return 0;
}
