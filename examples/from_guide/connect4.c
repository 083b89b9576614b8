/* A Connect Four engine written from docs/games-gate.md alone, for
   `gametree conform --game connect4 --line --evaluation outcome --solve-evaluation pons`.

   Reads one question a line on standard input and writes one answer a line:
     perft D POSITION   -> COUNT
     divide D POSITION  -> MOVE=COUNT ...
     value D POSITION   -> VALUE MOVE   (negamax to depth D: +1 won, -1 lost, 0 drawn or at the
                                         horizon; to the player to move)
     solve POSITION     -> VALUE MOVE   (Pons' score: a win worth (cells + 2 - pieces) / 2 to the
                                         winner, pieces counted when the game ends)
   POSITION is the columns played from the empty board, 1..7 (`4453`; empty for the start).
   A line of four or five words is `ASK DEPTH ALPHA BETA POSITION` (`--line-request '{ask}
   {depth} {alpha} {beta} {position}'`, -inf and inf for open sides): values are then answered
   fail-soft over the window, as `--semantics negamax-alphabeta-fail-soft` claims.

   The board is two bitboards, a column being H + 1 bits (the one above the top always empty),
   so that a four is found with shifts (Pons 2019, "bitboard").

   Seeded bugs, for showing that the gate catches them:
     -DBUG_FULL_COLUMN  a full column is still offered as a move
     -DBUG_NO_DIAGONAL  a four on the rising diagonal is not seen
     -DBUG_WINDOW_NOT_SWAPPED  a child is searched over (-alpha, -beta), not (-beta, -alpha)
     -DBUG_PONS_COUNTS_BEFORE  Pons' score counts the pieces before the winning one */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 7
#define H 6
#define CELLS (W * H)

typedef uint64_t Bits;

typedef struct {
    Bits mover;  /* the stones of the player to move */
    Bits mask;   /* every stone */
    int pieces;
    int won;     /* the last move made four: the player to move has lost */
} Board;

static Bits bottom(int col) { return (Bits)1 << (col * (H + 1)); }
static Bits top(int col) { return (Bits)1 << (H - 1 + col * (H + 1)); }

static int four(Bits s) {
    static const int shifts[] = {1, H + 1, H + 2, H};
    for (int k = 0; k < 4; k++) {
#ifdef BUG_NO_DIAGONAL
        if (shifts[k] == H + 2) continue;
#endif
        Bits m = s & (s >> shifts[k]);
        if (m & (m >> (2 * shifts[k]))) return 1;
    }
    return 0;
}

static int over(const Board *b) { return b->won || b->pieces == CELLS; }

static int legal(const Board *b, int col) {
#ifdef BUG_FULL_COLUMN
    (void)b;
    (void)col;
    return 1;
#else
    return (b->mask & top(col)) == 0;
#endif
}

static void play(Board *b, int col) {
    b->mover ^= b->mask;
    b->mask |= b->mask + bottom(col);
    b->pieces++;
    b->won = four(b->mover ^ b->mask);
}

static uint64_t perft(const Board *b, int depth) {
    if (depth == 0) return 1;
    if (over(b)) return 0;
    uint64_t count = 0;
    for (int col = 0; col < W; col++) {
        if (!legal(b, col)) continue;
        Board child = *b;
        play(&child, col);
        count += perft(&child, depth - 1);
    }
    return count;
}

static const int order[W] = {3, 2, 4, 1, 5, 0, 6};

/* Negamax with alpha-beta under `outcome`. */
static int value(const Board *b, int depth, int alpha, int beta) {
    if (b->won) return -1;
    if (b->pieces == CELLS || depth == 0) return 0;
    int best = -2;
    for (int i = 0; i < W; i++) {
        int col = order[i];
        if (!legal(b, col)) continue;
        Board child = *b;
        play(&child, col);
#ifdef BUG_WINDOW_NOT_SWAPPED
        int v = -value(&child, depth - 1, -alpha, -beta);
#else
        int v = -value(&child, depth - 1, -beta, -alpha);
#endif
        if (v > best) best = v;
        if (best > alpha) alpha = best;
        if (alpha >= beta) break;
    }
    return best;
}

/* Negamax with alpha-beta under Pons' score, with a table of bounds keyed on the position. */
typedef struct {
    Bits key;
    int8_t lower, upper;
} Entry;

#define TABLE_BITS 23
static Entry *table;

static int solve(const Board *b, int alpha, int beta) {
#ifdef BUG_PONS_COUNTS_BEFORE
    if (b->won) return -(CELLS + 2 - (b->pieces - 1)) / 2;
#else
    if (b->won) return -(CELLS + 2 - b->pieces) / 2;
#endif
    if (b->pieces == CELLS) return 0;
    Bits key = b->mover + b->mask;
    Entry *e = &table[key & (((Bits)1 << TABLE_BITS) - 1)];
    int lower = -CELLS, upper = CELLS;
    if (e->key == key) {
        lower = e->lower;
        upper = e->upper;
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
        if (lower > alpha) alpha = lower;
        if (upper < beta) beta = upper;
    }
    int a = alpha, best = -CELLS;
    for (int i = 0; i < W; i++) {
        int col = order[i];
        if (!legal(b, col)) continue;
        Board child = *b;
        play(&child, col);
        int v = -solve(&child, -beta, -a);
        if (v > best) best = v;
        if (best > a) a = best;
        if (a >= beta) break;
    }
    if (best <= alpha) upper = best;
    else if (best >= beta) lower = best;
    else lower = upper = best;
    e->key = key;
    e->lower = (int8_t)lower;
    e->upper = (int8_t)upper;
    return best;
}

#define WIDE (CELLS + 1) /* beyond every score: an open side of the window */

static int value_to(const Board *b, int depth, int alpha, int beta) { return value(b, depth, alpha, beta); }
static int solve_to(const Board *b, int depth, int alpha, int beta) {
    (void)depth;
    return solve(b, alpha, beta);
}

/* Fail-soft negamax over (alpha, beta): the value to the mover (a bound outside the window) and
   a move that reaches it (0 when there is none); depth < 0 is no limit. */
static int root(const Board *b, int depth, int (*search)(const Board *, int, int, int), int alpha,
                int beta, int *best_move) {
    *best_move = 0;
    if (over(b) || depth == 0) return search(b, 0, alpha, beta);
    int best = -WIDE;
    for (int col = 0; col < W && best < beta; col++) {
        if (!legal(b, col)) continue;
        Board child = *b;
        play(&child, col);
        int v = -search(&child, depth - 1, -beta, -(best > alpha ? best : alpha));
        if (v > best) {
            best = v;
            *best_move = col + 1;
        }
    }
    return best;
}

/* A side of the window: a number, or -inf / inf. */
static int window_side(const char *text) {
    if (strcmp(text, "-inf") == 0) return -WIDE;
    if (strcmp(text, "inf") == 0) return WIDE;
    int v = atoi(text);
    return v < -WIDE ? -WIDE : v > WIDE ? WIDE : v;
}

/* Plays the columns of POSITION; returns 0 on a bad column, a full one, or a move after a four. */
static int parse_board(const char *text, Board *b) {
    memset(b, 0, sizeof *b);
    for (const char *p = text; *p; p++) {
        int col = *p - '1';
        if (col < 0 || col >= W || over(b) || (b->mask & top(col))) return 0;
        play(b, col);
    }
    return 1;
}

int main(void) {
    static char line[1 << 12];
    table = calloc((size_t)1 << TABLE_BITS, sizeof(Entry));
    if (table == NULL) return 1;
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *tok[6];
        int n = 0;
        for (char *t = strtok(line, " \t\r\n"); t != NULL && n < 6; t = strtok(NULL, " \t\r\n")) tok[n++] = t;
        if (n == 0) continue;
        const char *ask = tok[0];
        int has_depth = strcmp(ask, "solve") != 0 || n == 3;
        int depth = has_depth && n > 1 ? atoi(tok[1]) : 0;
        int alpha = -WIDE, beta = WIDE, at = 1 + has_depth;
        if (n >= 4) {
            depth = atoi(tok[1]);
            alpha = window_side(tok[2]);
            beta = window_side(tok[3]);
            at = 4;
        }
        Board b;
        if (!parse_board(n > at ? tok[at] : "", &b)) {
            printf("error bad position\n");
        } else if (strcmp(ask, "perft") == 0) {
            printf("%llu\n", (unsigned long long)perft(&b, depth));
        } else if (strcmp(ask, "divide") == 0) {
            const char *sep = "";
            for (int col = 0; col < W && !over(&b); col++) {
                if (!legal(&b, col)) continue;
                Board child = b;
                play(&child, col);
                printf("%s%d=%llu", sep, col + 1, (unsigned long long)perft(&child, depth - 1));
                sep = " ";
            }
            printf("\n");
        } else if (strcmp(ask, "value") == 0 || strcmp(ask, "solve") == 0) {
            int move;
            int v = strcmp(ask, "value") == 0 ? root(&b, depth, value_to, alpha, beta, &move)
                                              : root(&b, -1, solve_to, alpha, beta, &move);
            if (move) printf("%d %d\n", v, move);
            else printf("%d\n", v);
        } else {
            printf("error unknown question\n");
        }
        fflush(stdout);
    }
    return 0;
}
