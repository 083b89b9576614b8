/* A Kalah engine in C, gated on the game itself (docs/games-gate.md, "Gate your Kalah engine").

       cc -O2 -Wall -o kalah_engine examples/kalah_engine.c
       gametree conform --game kalah --target ./kalah_engine --line --any-best-move

   Written from the guide only: it imports nothing of gametree's. It reads one question a
   line on standard input and writes one answer a line, flushed (the line protocol):

       perft D POSITION    ->  the number of move sequences of exactly D moves
       divide D POSITION   ->  MOVE=COUNT for each legal move, COUNT = perft D-1 after it
       value D POSITION    ->  VALUE MOVE: alpha-beta to depth D, South's store minus North's
       solve POSITION      ->  VALUE MOVE: the exact final margin (a table of solved positions)

   A POSITION is the holes in ring order, South's pits 1..m, South's store, North's pits 1..m,
   North's store, then S or N, the mover: Kalah(6, 4) starts "4 4 4 4 4 4 0 4 4 4 4 4 4 0 S".
   A move is a pit number 1..m on the mover's side. Values are to the player to move; after an
   extra turn the same player moves again, so the child's value is not negated. Each broken
   variant is a bug of gametree's catalogue: -DBUG_SOWS_OPPONENT_STORE (a seed goes into the
   opponent's store), -DBUG_NO_EXTRA_TURN (the last seed in the store does not move again),
   -DBUG_CAPTURE_SAME_INDEX (the capture takes the pit with the same index on the other side,
   not the one opposite), -DBUG_EXTRA_TURN_NEGATED (the child's value is negated after an extra
   turn too), -DBUG_TABLE_WITHOUT_MOVER (the table of solved positions is keyed on the board
   alone). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HOLES 40

typedef struct {
    int hole[MAX_HOLES];
    int m;     /* pits a side; the holes are 2m + 2 */
    int mover; /* 0 South, 1 North */
} Board;

static int side_empty(const Board *b, int p) {
    int first = p == 0 ? 0 : b->m + 1;
    for (int k = first; k < first + b->m; k++)
        if (b->hole[k]) return 0;
    return 1;
}

static int over(const Board *b) { return side_empty(b, 0) || side_empty(b, 1); }

static int pit(const Board *b, int j) { return b->mover == 0 ? j : b->m + 1 + j; }

static int legal(const Board *b, int j) { return !over(b) && b->hole[pit(b, j)] > 0; }

/* Sow pit j (0-based) of the mover: the Kalah rules of the guide. */
static void play(Board *b, int j) {
    int m = b->m, ring = 2 * m + 2, p = b->mover;
    int mine = p == 0 ? m : 2 * m + 1, theirs = p == 0 ? 2 * m + 1 : m;
    int i = pit(b, j), hand = b->hole[i];
    b->hole[i] = 0;
    while (hand) {
        i = (i + 1) % ring;
#ifdef BUG_SOWS_OPPONENT_STORE
        (void)theirs;
#else
        if (i == theirs) continue;
#endif
        b->hole[i]++;
        hand--;
    }
    int own = p == 0 ? (i < m) : (i > m && i < 2 * m + 1);
    if (own && b->hole[i] == 1) {
#ifdef BUG_CAPTURE_SAME_INDEX
        int opposite = p == 0 ? i + m + 1 : i - m - 1;
#else
        int opposite = 2 * m - i;
#endif
        if (b->hole[opposite]) {
            b->hole[mine] += b->hole[opposite] + 1;
            b->hole[i] = b->hole[opposite] = 0;
        }
    }
    if (over(b)) {
        for (int k = 0; k < m; k++) {
            b->hole[m] += b->hole[k];
            b->hole[2 * m + 1] += b->hole[m + 1 + k];
            b->hole[k] = b->hole[m + 1 + k] = 0;
        }
    }
#ifdef BUG_NO_EXTRA_TURN
    b->mover = 1 - p;
#else
    if (i != mine || over(b)) b->mover = 1 - p;
#endif
}

static long long perft(const Board *b, int d) {
    if (d == 0) return 1;
    long long n = 0;
    for (int j = 0; j < b->m; j++) {
        if (!legal(b, j)) continue;
        Board c = *b;
        play(&c, j);
        n += perft(&c, d - 1);
    }
    return n;
}

/* South's store minus North's, to the player to move (at the end: the final margin). */
static int stores(const Board *b) {
    int v = b->hole[b->m] - b->hole[2 * b->m + 1];
    return b->mover == 0 ? v : -v;
}

static int child_value(const Board *b, const Board *c, int v) {
#ifdef BUG_EXTRA_TURN_NEGATED
    (void)b;
    (void)c;
    return -v;
#else
    return c->mover == b->mover ? v : -v;
#endif
}

/* Alpha-beta (negamax form, fail-soft) to depth d. */
static int alphabeta(const Board *b, int d, int alpha, int beta, int *best) {
    if (over(b) || d == 0) return stores(b);
    int value = -100000;
    for (int j = 0; j < b->m; j++) {
        if (!legal(b, j)) continue;
        Board c = *b;
        play(&c, j);
        int ignored, v;
        if (c.mover == b->mover)
            v = child_value(b, &c, alphabeta(&c, d - 1, alpha, beta, &ignored));
        else
            v = child_value(b, &c, alphabeta(&c, d - 1, -beta, -alpha, &ignored));
        if (v > value) {
            value = v;
            *best = j;
        }
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return value;
}

/* The table of solved positions: exact final margins, to the mover. */
#define SLOTS (1 << 18)
typedef struct {
    unsigned char key[MAX_HOLES + 1];
    int value, used;
} Slot;
static Slot table[SLOTS];

static void key_of(const Board *b, unsigned char *key) {
    memset(key, 0, MAX_HOLES + 1);
    for (int k = 0; k < 2 * b->m + 2; k++) key[k] = (unsigned char)b->hole[k];
#ifndef BUG_TABLE_WITHOUT_MOVER
    key[MAX_HOLES] = (unsigned char)(b->mover + 1);
#endif
}

static Slot *slot(const unsigned char *key) {
    unsigned h = 2166136261u;
    for (int k = 0; k <= MAX_HOLES; k++) h = (h ^ key[k]) * 16777619u;
    for (unsigned probe = 0; probe < 64; probe++) {
        Slot *s = &table[(h + probe) % SLOTS];
        if (!s->used || !memcmp(s->key, key, sizeof s->key)) return s;
    }
    return NULL;
}

static int solve(const Board *b, int *best) {
    if (over(b)) return stores(b);
    unsigned char key[MAX_HOLES + 1];
    key_of(b, key);
    Slot *s = slot(key);
    if (s && s->used && best == NULL) return s->value;
    int value = -100000;
    for (int j = 0; j < b->m; j++) {
        if (!legal(b, j)) continue;
        Board c = *b;
        play(&c, j);
        int v = child_value(b, &c, solve(&c, NULL));
        if (v > value) {
            value = v;
            if (best) *best = j;
        }
    }
    if (s) {
        memcpy(s->key, key, sizeof s->key);
        s->value = value;
        s->used = 1;
    }
    return value;
}

/* Read "S0 .. N_store S|N" from the words at text; 0 if it is not a position. */
static int setup(Board *b, char *text) {
    memset(b, 0, sizeof *b);
    int n = 0;
    for (char *w = strtok(text, " \t\r\n"); w; w = strtok(NULL, " \t\r\n")) {
        if (!strcmp(w, "S") || !strcmp(w, "N")) {
            if (n < 4 || n % 2) return 0;
            b->m = n / 2 - 1;
            b->mover = w[0] == 'N';
            return 1;
        }
        if (n == MAX_HOLES) return 0;
        b->hole[n++] = atoi(w);
    }
    return 0;
}

int main(void) {
    char line[1024], word[16];
    int depth = 0, used = 0;
    Board b;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%15s %n", word, &used) != 1) continue;
        char *rest = line + used;
        int is_solve = !strcmp(word, "solve");
        if (!is_solve && sscanf(rest, "%d %n", &depth, &used) == 1) rest += used;
        if (!setup(&b, rest)) {
            printf("error: not a position: %s", line);
        } else if (!strcmp(word, "perft")) {
            printf("%lld\n", perft(&b, depth));
        } else if (!strcmp(word, "divide")) {
            for (int j = 0; j < b.m; j++) {
                if (!legal(&b, j)) continue;
                Board c = b;
                play(&c, j);
                printf("%d=%lld ", j + 1, perft(&c, depth - 1));
            }
            printf("\n");
        } else if (is_solve) {
            int best = 0;
            int v = solve(&b, &best);
            printf("%d %d\n", v, best + 1);
        } else {
            int best = 0;
            int v = alphabeta(&b, depth, -100000, 100000, &best);
            printf("%d %d\n", v, best + 1);
        }
        fflush(stdout);
    }
    return 0;
}
