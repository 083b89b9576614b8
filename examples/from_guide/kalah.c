/* A Kalah engine written from docs/games-gate.md alone, for `gametree conform --game kalah --line`.

   Reads one question a line on standard input and writes one answer a line:
     perft D POSITION   -> COUNT
     divide D POSITION  -> MOVE=COUNT ...
     value D POSITION   -> VALUE MOVE   (alpha-beta to depth D, South's store minus North's at the
                                         horizon, the final margin at the end; to the player to move)
     solve POSITION     -> VALUE MOVE   (the final margin under perfect play, to the player to move)
   each optionally after the variant's KEY=VALUE words (`--line-request '{variant} {ask} {depth}
   {position}'`): `empty_capture=true` is read, `pits=` checked against the position.
   POSITION is the holes in ring order (South's pits 1..m, South's store, North's pits 1..m,
   North's store) and the mover, S or N: `4 4 4 4 4 4 0 4 4 4 4 4 4 0 S`.

   Rules (Kalah, as commonly played): a move sows the seeds of one of the mover's pits one by one
   counter-clockwise, skipping the opponent's store. The last seed in the mover's store gives the
   mover another move. The last seed in an empty pit of the mover's, with seeds in the opposite
   pit (or with empty_capture=true), captures both into the mover's store. When either side's pits are all empty the game is
   over, and each player keeps the seeds on their side.

   Seeded bugs, for showing that the gate catches them:
     -DBUG_NO_EXTRA_TURN   the last seed in the store does not give another move
     -DBUG_NO_SWEEP        the end of the game leaves the seeds on the board uncounted */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PITS 32
#define MAX_HOLES (2 * MAX_PITS + 2)
#define INF 1000000

typedef struct {
    int m;                  /* pits a side */
    int hole[MAX_HOLES];    /* ring order: South 0..m-1, South's store m, North m+1..2m, North's store 2m+1 */
    int mover;              /* 0 South, 1 North */
    int empty_capture;      /* the last seed in an empty pit is captured even facing an empty pit */
} Board;

static int store_of(const Board *b, int side) { return side == 0 ? b->m : 2 * b->m + 1; }
static int first_pit(const Board *b, int side) { return side == 0 ? 0 : b->m + 1; }

static int side_seeds(const Board *b, int side) {
    int total = 0;
    for (int i = 0; i < b->m; i++) total += b->hole[first_pit(b, side) + i];
    return total;
}

static int game_over(const Board *b) { return side_seeds(b, 0) == 0 || side_seeds(b, 1) == 0; }

/* The final margin, South's side minus North's, each player keeping the seeds on their side. */
static int final_margin(const Board *b) {
#ifdef BUG_NO_SWEEP
    return b->hole[store_of(b, 0)] - b->hole[store_of(b, 1)];
#endif
    return b->hole[store_of(b, 0)] + side_seeds(b, 0) - b->hole[store_of(b, 1)] - side_seeds(b, 1);
}

static int legal(const Board *b, int pit) { return b->hole[first_pit(b, b->mover) + pit - 1] > 0; }

/* Plays pit 1..m of the mover. */
static void play(Board *b, int pit) {
    int holes = 2 * b->m + 2, side = b->mover;
    int i = first_pit(b, side) + pit - 1, seeds = b->hole[i];
    int own_store = store_of(b, side), their_store = store_of(b, 1 - side);
    b->hole[i] = 0;
    while (seeds > 0) {
        i = (i + 1) % holes;
        if (i == their_store) continue;
        b->hole[i]++;
        seeds--;
    }
#ifndef BUG_NO_EXTRA_TURN
    if (i == own_store) return;
#endif
    int first = first_pit(b, side);
    if (i >= first && i < first + b->m && b->hole[i] == 1) {
        int opposite = 2 * b->m - i;
        if (b->hole[opposite] > 0 || b->empty_capture) {
            b->hole[own_store] += b->hole[opposite] + 1;
            b->hole[opposite] = 0;
            b->hole[i] = 0;
        }
    }
    b->mover = 1 - side;
}

static uint64_t perft(const Board *b, int depth) {
    if (depth == 0) return 1;
    if (game_over(b)) return 0;
    uint64_t count = 0;
    for (int pit = 1; pit <= b->m; pit++) {
        if (!legal(b, pit)) continue;
        Board child = *b;
        play(&child, pit);
        count += perft(&child, depth - 1);
    }
    return count;
}

/* Alpha-beta in max/min form, values from South's side; depth < 0 searches to the end. */
typedef struct {
    uint64_t key;
    int lower, upper;
} Entry;

#define TABLE_BITS 22
static Entry *table;

static uint64_t key_of(const Board *b) {
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < 2 * b->m + 2; i++) h = (h ^ (uint64_t)b->hole[i]) * 1099511628211ULL;
    h = (h ^ (uint64_t)b->mover) * 1099511628211ULL;
    h = (h ^ (uint64_t)b->empty_capture) * 1099511628211ULL;
    return h | 1;
}

static int search(const Board *b, int depth, int alpha, int beta) {
    if (game_over(b)) return final_margin(b);
    if (depth == 0) return b->hole[store_of(b, 0)] - b->hole[store_of(b, 1)];
    Entry *e = NULL;
    if (depth < 0) {
        uint64_t key = key_of(b);
        e = &table[key & ((1u << TABLE_BITS) - 1)];
        if (e->key != key) {
            e->key = key;
            e->lower = -INF;
            e->upper = INF;
        }
        if (e->lower >= beta) return e->lower;
        if (e->upper <= alpha) return e->upper;
        if (e->lower > alpha) alpha = e->lower;
        if (e->upper < beta) beta = e->upper;
    }
    int a = alpha, bt = beta;
    int best = b->mover == 0 ? -INF : INF;
    for (int pit = 1; pit <= b->m; pit++) {
        if (!legal(b, pit)) continue;
        Board child = *b;
        play(&child, pit);
        int v = search(&child, depth < 0 ? -1 : depth - 1, a, bt);
        if (b->mover == 0) {
            if (v > best) best = v;
            if (best > a) a = best;
        } else {
            if (v < best) best = v;
            if (best < bt) bt = best;
        }
        if (a >= bt) break;
    }
    if (e != NULL && e->key == key_of(b)) {
        if (best <= alpha) e->upper = best;
        else if (best >= beta) e->lower = best;
        else e->lower = e->upper = best;
    }
    return best;
}

/* The value to the mover and a best move; depth < 0 solves. */
static int root(const Board *b, int depth, int *best_move) {
    int best = -INF;
    *best_move = 0;
    if (game_over(b) || depth == 0) {
        int v = search(b, 0, -INF, INF);
        return b->mover == 0 ? v : -v;
    }
    for (int pit = 1; pit <= b->m; pit++) {
        if (!legal(b, pit)) continue;
        Board child = *b;
        play(&child, pit);
        int v = search(&child, depth < 0 ? -1 : depth - 1, -INF, INF);
        if (b->mover == 1) v = -v;
        if (v > best) {
            best = v;
            *best_move = pit;
        }
    }
    return best;
}

/* Parses the holes and the mover from tokens; returns 0 on bad input. */
static int parse_board(char **tok, int n, Board *b, int empty_capture) {
    if (n < 5 || n % 2 == 0 || n - 1 > MAX_HOLES) return 0;
    b->m = (n - 3) / 2;
    b->empty_capture = empty_capture;
    for (int i = 0; i < n - 1; i++) {
        char *end;
        long v = strtol(tok[i], &end, 10);
        if (*end != '\0' || v < 0 || v > 100000) return 0;
        b->hole[i] = (int)v;
    }
    if (strcmp(tok[n - 1], "S") == 0) b->mover = 0;
    else if (strcmp(tok[n - 1], "N") == 0) b->mover = 1;
    else return 0;
    return 1;
}

int main(void) {
    static char line[1 << 16];
    table = calloc((size_t)1 << TABLE_BITS, sizeof(Entry));
    if (table == NULL) return 1;
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *tok[MAX_HOLES + 4];
        int n = 0;
        for (char *t = strtok(line, " \t\r\n"); t != NULL && n < MAX_HOLES + 4; t = strtok(NULL, " \t\r\n"))
            tok[n++] = t;
        int words = 0, empty_capture = 0, pits = 0;
        for (; words < n && strchr(tok[words], '=') != NULL; words++) {
            if (strcmp(tok[words], "empty_capture=true") == 0) empty_capture = 1;
            else if (strncmp(tok[words], "pits=", 5) == 0) pits = atoi(tok[words] + 5);
        }
        if (words == n) continue;
        const char *ask = tok[words];
        int has_depth = strcmp(ask, "solve") != 0 || (n - words - 1) % 2 == 0; /* 'solve 0 POSITION' */
        int depth = has_depth && n > words + 1 ? atoi(tok[words + 1]) : -1;
        Board b;
        if (!parse_board(tok + words + 1 + has_depth, n - words - 1 - has_depth, &b, empty_capture)) {
            printf("error bad position\n");
        } else if (pits != 0 && pits != b.m) {
            printf("error the position has %d pits a side, the variant %d\n", b.m, pits);
        } else if (strcmp(ask, "perft") == 0) {
            printf("%llu\n", (unsigned long long)perft(&b, depth));
        } else if (strcmp(ask, "divide") == 0) {
            const char *sep = "";
            for (int pit = 1; pit <= b.m; pit++) {
                if (!legal(&b, pit) || game_over(&b)) continue;
                Board child = b;
                play(&child, pit);
                printf("%s%d=%llu", sep, pit, (unsigned long long)perft(&child, depth - 1));
                sep = " ";
            }
            printf("\n");
        } else if (strcmp(ask, "value") == 0 || strcmp(ask, "solve") == 0) {
            int move;
            int v = root(&b, strcmp(ask, "solve") == 0 ? -1 : depth, &move);
            if (move) printf("%d %d\n", v, move);
            else printf("%d\n", v);
        } else {
            printf("error unknown question\n");
        }
        fflush(stdout);
    }
    return 0;
}
