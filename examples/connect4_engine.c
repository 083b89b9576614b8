/* A Connect Four engine in C, gated on the game itself (docs/gate-connect-four.md).

       cc -O2 -Wall -o connect4_engine examples/connect4_engine.c
       gametree conform --game connect4 --target ./connect4_engine --line \
           --evaluation outcome --solve-evaluation pons --any-best-move

   Written from the guide only: it imports nothing of gametree's. It reads one question a
   line on standard input and writes one answer a line, flushed (the line protocol):

       perft D POSITION    ->  the number of move sequences of exactly D moves
       divide D POSITION   ->  MOVE=COUNT for each legal move, COUNT = perft D-1 after it
       value D POSITION    ->  VALUE MOVE: negamax to depth D, the "outcome" evaluation
       solve POSITION      ->  VALUE MOVE: the exact value, Pons' score

   A POSITION is the columns played from the empty board, 1..7 (Pons' notation; the empty
   board is an empty word). Values are to the player to move. Broken variants, each a bug of
   gametree's catalogue, build with -DBUG_FULL_COLUMN (a full column is still playable) or
   -DBUG_TOP_ROW (a line through the top row is never seen). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 6
#define COLS 7
#define CELLS (ROWS * COLS)

typedef struct {
    int cell[COLS][ROWS + 1]; /* 0 empty, 1 the first player, 2 the second; +1 for BUG_FULL_COLUMN */
    int height[COLS];
    int moves; /* pieces on the board */
    int won;   /* whether the last move made four */
} Board;

static int mover(const Board *b) { return 1 + b->moves % 2; }

static int playable(const Board *b, int c) {
#ifdef BUG_FULL_COLUMN
    return !b->won && b->height[c] <= ROWS; /* the off-by-one: one piece too many fits */
#else
    return !b->won && b->height[c] < ROWS;
#endif
}

static int at(const Board *b, int c, int r) {
    if (c < 0 || c >= COLS || r < 0 || r >= ROWS) return 0;
#ifdef BUG_TOP_ROW
    if (r == ROWS - 1) return 0; /* the scan stops a row short */
#endif
    return b->cell[c][r];
}

/* Whether the piece just dropped in column c makes four in a row. */
static int fours(const Board *b, int c) {
    int r = b->height[c] - 1, p = b->cell[c][r];
    static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int k = 0; k < 4; k++) {
        int n = 1;
        for (int s = -1; s <= 1; s += 2)
            for (int i = 1; i < 4 && at(b, c + s * i * dir[k][0], r + s * i * dir[k][1]) == p; i++) n++;
        if (n >= 4 && (r < ROWS - 1 || at(b, c, r) == p)) return 1;
    }
    return 0;
}

static void play(Board *b, int c) {
    b->cell[c][b->height[c]++] = mover(b);
    b->moves++;
    b->won = fours(b, c);
}

static void undo(Board *b, int c, int won) {
    b->cell[c][--b->height[c]] = 0;
    b->moves--;
    b->won = won;
}

static int over(const Board *b) {
    if (b->won) return 1;
    for (int c = 0; c < COLS; c++)
        if (playable(b, c)) return 0;
    return 1;
}

static long long perft(Board *b, int d) {
    if (d == 0) return 1;
    long long n = 0;
    for (int c = 0; c < COLS; c++) {
        if (!playable(b, c)) continue;
        int won = b->won;
        play(b, c);
        n += perft(b, d - 1);
        undo(b, c, won);
    }
    return n;
}

/* Negamax to depth d (d < 0: to the end), to the player to move. With pons, a finished game
   scores Pons' way: the winner gets (cells + 2 - pieces) / 2; otherwise +1, 0, -1, and 0 at the
   horizon. The last mover made the four, so a won position is a loss to the mover. */
static int negamax(Board *b, int d, int alpha, int beta, int pons, int *best) {
    if (b->won) return pons ? -((CELLS + 2 - b->moves) / 2) : -1;
    if (over(b)) return 0;
    if (d == 0) return 0;
    int value = -1000;
    for (int c = 0; c < COLS; c++) {
        if (!playable(b, c)) continue;
        int won = b->won, ignored;
        play(b, c);
        int v = -negamax(b, d - 1, -beta, -alpha, pons, &ignored);
        undo(b, c, won);
        if (v > value) {
            value = v;
            *best = c;
        }
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return value;
}

static int setup(Board *b, const char *position) {
    memset(b, 0, sizeof *b);
    for (const char *p = position; *p && *p != '\n'; p++) {
        int c = *p - '1';
        if (c < 0 || c >= COLS || !playable(b, c)) return 0;
        play(b, c);
    }
    return 1;
}

int main(void) {
    char line[512], word[16], position[256];
    int depth;
    Board b;
    while (fgets(line, sizeof line, stdin)) {
        position[0] = 0;
        int n = sscanf(line, "%15s %d %255s", word, &depth, position);
        if (!strcmp(word, "solve")) {
            position[0] = 0;
            sscanf(line, "%15s %255s", word, position);
        } else if (n < 2) {
            printf("error: cannot read %s", line);
            fflush(stdout);
            continue;
        }
        if (!setup(&b, position)) {
            printf("error: bad position %s\n", position);
        } else if (!strcmp(word, "perft")) {
            printf("%lld\n", perft(&b, depth));
        } else if (!strcmp(word, "divide")) {
            for (int c = 0; c < COLS; c++) {
                if (!playable(&b, c)) continue;
                int won = b.won;
                play(&b, c);
                printf("%d=%lld ", c + 1, perft(&b, depth - 1));
                undo(&b, c, won);
            }
            printf("\n");
        } else {
            int best = 0, solve = !strcmp(word, "solve");
            int v = negamax(&b, solve ? -1 : depth, -1000, 1000, solve, &best);
            printf("%d %d\n", v, best + 1);
        }
        fflush(stdout);
    }
    return 0;
}
