/* An alpha-beta engine in C, speaking gametree's JSON-lines protocol (docs/conformance.md).

       cc -O2 -Wall -o engine examples/engine.c
       gametree conform --target ./engine --semantics alphabeta-fail-soft --strict-order \
           --best-move --skip-flag Fraction --skip-flag Int64

   It imports nothing of gametree's, as an engine in another project would not: it reads one
   request per line from standard input and writes one reply per line, flushed. It answers
   minimax (every leaf, left to right) and alphabeta-fail-soft (Fishburn's fail-soft
   alpha-beta in max/min form over the request's window, values from player 0's point of
   view: player 0 maximises, any other player minimises), and declines any other semantics
   with an error reply.

   What it skips, and why: its values are 64-bit integers (long long), so a fraction
   ("p/q") and a number beyond +-(2^63 - 1) are declined with an error reply; declared
   with --skip-flag Fraction and --skip-flag Int64, the gate asks neither (TinyFraction and
   BigInteger cases are also Fraction and Int64 cases). It holds every integer up to 2^63 - 1
   exactly, so Float64 (2^53 + 1) is asked. An open side of the window is a flag, not a
   sentinel such as LLONG_MAX, which is a value a leaf may hold (Sentinel, Int16, Int32).
   The search recurses, one C frame per level: the vectors' chain of 1,200 levels is well
   within a C stack, so Deep is asked too.

   Built with -DSENTINEL_INFINITY it keeps -LLONG_MAX and LLONG_MAX for its infinities
   instead, the common C convention: an open side of the window is one of them, so a leaf
   worth LLONG_MAX cuts its parent off as the window's edge would. Such an engine takes no
   score of that magnitude, and says so:

       cc -O2 -Wall -DSENTINEL_INFINITY -o engine examples/engine.c
       gametree conform --target ./engine --semantics alphabeta-fail-soft --strict-order \
           --best-move --values int64 --infinity 9223372036854775807

   (--values int64 says what --skip-flag Fraction --skip-flag Int64 said, and asks the
   type's edges on purpose.) */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A JSON value: what the reader needs of one, nothing more. */
typedef enum { J_NULL, J_TRUE, J_FALSE, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } Kind;

typedef struct Json {
    Kind kind;
    const char *text; /* a number's or a string's characters, in the request line */
    size_t length;
    struct Json **items; /* an array's items, or an object's values */
    const char **keys;   /* an object's keys (each key's text, ending at its quote) */
    size_t count;
    long long integer; /* a leaf's value, once read by read_leaves */
} Json;

static const char *at; /* the reader's position in the line */

static Json *json_value(void);

static void skip_space(void) {
    while (*at == ' ' || *at == '\t' || *at == '\r' || *at == '\n') at++;
}

static Json *made(Kind kind) {
    Json *j = calloc(1, sizeof *j);
    if (j == NULL) { fputs("engine: out of memory\n", stderr); exit(1); }
    j->kind = kind;
    return j;
}

static void release(Json *j) {
    if (j == NULL) return;
    for (size_t i = 0; i < j->count; i++) release(j->items[i]);
    free(j->items);
    free(j->keys);
    free(j);
}

static Json *json_string(void) { /* at the opening quote; escapes are kept as written */
    Json *j = made(J_STRING);
    j->text = ++at;
    while (*at && *at != '"') at += (*at == '\\' && at[1]) ? 2 : 1;
    if (*at != '"') { release(j); return NULL; }
    j->length = (size_t)(at++ - j->text);
    return j;
}

static Json *json_container(char close) {
    Json *j = made(close == ']' ? J_ARRAY : J_OBJECT);
    size_t capacity = 0;
    at++;
    skip_space();
    if (*at == close) { at++; return j; }
    for (;;) {
        const char *key = NULL;
        skip_space();
        if (close == '}') {
            if (*at != '"') break;
            key = at + 1;
            Json *k = json_string();
            if (k == NULL) break;
            release(k);
            skip_space();
            if (*at++ != ':') break;
        }
        Json *item = json_value();
        if (item == NULL) break;
        if (j->count == capacity) {
            capacity = capacity ? 2 * capacity : 4;
            j->items = realloc(j->items, capacity * sizeof *j->items);
            j->keys = realloc(j->keys, capacity * sizeof *j->keys);
            if (j->items == NULL || j->keys == NULL) { fputs("engine: out of memory\n", stderr); exit(1); }
        }
        j->keys[j->count] = key;
        j->items[j->count++] = item;
        skip_space();
        if (*at == ',') { at++; continue; }
        if (*at == close) { at++; return j; }
        break;
    }
    release(j);
    return NULL;
}

static Json *json_value(void) {
    skip_space();
    if (*at == '{') return json_container('}');
    if (*at == '[') return json_container(']');
    if (*at == '"') return json_string();
    if (strncmp(at, "null", 4) == 0) { at += 4; return made(J_NULL); }
    if (strncmp(at, "true", 4) == 0) { at += 4; return made(J_TRUE); }
    if (strncmp(at, "false", 5) == 0) { at += 5; return made(J_FALSE); }
    if (*at == '-' || (*at >= '0' && *at <= '9')) {
        Json *j = made(J_NUMBER);
        j->text = at;
        while (*at && strchr("+-0123456789.eE", *at)) at++;
        j->length = (size_t)(at - j->text);
        return j;
    }
    return NULL;
}

static Json *member(const Json *object, const char *key) {
    if (object == NULL || object->kind != J_OBJECT) return NULL;
    size_t n = strlen(key);
    for (size_t i = 0; i < object->count; i++)
        if (strncmp(object->keys[i], key, n) == 0 && object->keys[i][n] == '"')
            return object->items[i];
    return NULL;
}

/* A JSON number as a long long; 0 (and a reason) if it is not an integer in range. */
static int integer(const Json *j, long long *out, const char **why) {
    if (j != NULL && j->kind == J_STRING) { *why = "a fraction (this engine takes integers)"; return 0; }
    if (j == NULL || j->kind != J_NUMBER) { *why = "not a number"; return 0; }
    char digits[32];
    if (j->length >= sizeof digits) { *why = "beyond 64 bits"; return 0; }
    memcpy(digits, j->text, j->length);
    digits[j->length] = '\0';
    char *end;
    errno = 0;
    long long v = strtoll(digits, &end, 10);
    if (*end != '\0') { *why = "not an integer"; return 0; }
    if (errno == ERANGE) { *why = "beyond 64 bits"; return 0; }
    *out = v;
    return 1;
}

/* Every leaf's value read once, before searching; the tree's height. 0 on a bad value. */
static int read_leaves(Json *node, size_t depth, size_t *height, const char **why) {
    if (depth > *height) *height = depth;
    Json *children = member(node, "children");
    if (children == NULL) return integer(member(node, "value"), &node->integer, why);
    if (children->kind != J_ARRAY || children->count == 0) { *why = "a node without children"; return 0; }
    for (size_t i = 0; i < children->count; i++)
        if (!read_leaves(children->items[i], depth + 1, height, why)) return 0;
    return 1;
}

/* What is being written: the reply line. */
typedef struct { char *text; size_t length, capacity; } Buffer;

static void put(Buffer *b, const char *s, size_t n) {
    if (b->length + n + 1 > b->capacity) {
        b->capacity = 2 * (b->length + n + 1);
        b->text = realloc(b->text, b->capacity);
        if (b->text == NULL) { fputs("engine: out of memory\n", stderr); exit(1); }
    }
    memcpy(b->text + b->length, s, n);
    b->length += n;
    b->text[b->length] = '\0';
}

static void put_integer(Buffer *b, long long v) {
    char s[32];
    put(b, s, (size_t)snprintf(s, sizeof s, "%lld", v));
}

/* The search: the path to the current node, and the trace of the leaves read. */
static size_t *path;
static Buffer trace;
static size_t leaves_read;

typedef struct { int open; long long at; } Side; /* an open side is unbounded */

/* Fail-soft alpha-beta in max/min form over (alpha, beta); with prune 0, minimax. */
static long long search(const Json *node, size_t depth, Side alpha, Side beta, int prune,
                        long long *best_move) {
    Json *children = member(node, "children");
    if (children == NULL) {
        if (leaves_read++ > 0) put(&trace, ",", 1);
        put(&trace, "[", 1);
        for (size_t d = 0; d < depth; d++) {
            if (d) put(&trace, ",", 1);
            put_integer(&trace, (long long)path[d]);
        }
        put(&trace, "]", 1);
        return node->integer;
    }
    long long to_move = 0;
    const char *why;
    integer(member(node, "to_move"), &to_move, &why);
    int maximising = to_move == 0;
    long long best = 0;
    for (size_t i = 0; i < children->count; i++) {
        path[depth] = i;
        long long v = search(children->items[i], depth + 1, alpha, beta, prune, NULL);
        if (i == 0 || (maximising ? v > best : v < best)) { /* the leftmost best stays */
            best = v;
            if (best_move != NULL) *best_move = (long long)i;
        }
        if (maximising && (alpha.open || best > alpha.at)) alpha = (Side){0, best};
        if (!maximising && (beta.open || best < beta.at)) beta = (Side){0, best};
        if (prune && !alpha.open && !beta.open && alpha.at >= beta.at) break;
    }
    return best;
}

static int side(const Json *request, const char *key, Side *out, const char **why) {
    Json *j = member(request, key);
#ifdef SENTINEL_INFINITY
    if (j == NULL || j->kind == J_NULL) { /* -infinity for alpha, infinity for beta */
        *out = (Side){0, strcmp(key, "alpha") == 0 ? -LLONG_MAX : LLONG_MAX};
        return 1;
    }
#endif
    if (j == NULL || j->kind == J_NULL) { *out = (Side){1, 0}; return 1; }
    out->open = 0;
    return integer(j, &out->at, why);
}

/* The reply to one request line, into reply. */
static void answer(const char *line, Buffer *reply) {
    at = line;
    Json *request = json_value();
    Json *id = member(request, "id");
    Json *semantics = member(request, "semantics");
    Json *tree = member(member(request, "tree"), "tree");
    put(reply, "{\"id\": ", 7);
    if (id != NULL && id->kind == J_NUMBER) put(reply, id->text, id->length);
    else put(reply, "null", 4);
    const char *why = NULL;
    int minimax = semantics != NULL && semantics->length == 7
                  && strncmp(semantics->text, "minimax", 7) == 0;
    int soft = semantics != NULL && semantics->length == 19
               && strncmp(semantics->text, "alphabeta-fail-soft", 19) == 0;
    size_t height = 0;
    Side alpha = {1, 0}, beta = {1, 0};
    if (request == NULL || tree == NULL) why = "not a request with a tree";
    else if (!minimax && !soft) why = "this engine answers minimax and alphabeta-fail-soft only";
    else if (!side(request, "alpha", &alpha, &why) || !side(request, "beta", &beta, &why)) {}
    else if (read_leaves(tree, 0, &height, &why)) {
        path = malloc((height + 1) * sizeof *path);
        trace.length = 0;
        put(&trace, "", 0);
        leaves_read = 0;
        long long move = -1;
        long long value = search(tree, 0, alpha, beta, soft, &move);
        free(path);
        put(reply, ", \"value\": ", 11);
        put_integer(reply, value);
        put(reply, ", \"best_move\": ", 15);
        if (move < 0) put(reply, "null", 4);
        else put_integer(reply, move);
        put(reply, ", \"trace\": [", 12);
        put(reply, trace.text, trace.length);
        put(reply, "]}\n", 3);
        release(request);
        return;
    }
    put(reply, ", \"error\": \"", 12);
    put(reply, why, strlen(why));
    put(reply, "\"}\n", 3);
    release(request);
}

int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    Buffer reply = {0};
    while (getline(&line, &capacity, stdin) > 0) {
        reply.length = 0;
        answer(line, &reply);
        fwrite(reply.text, 1, reply.length, stdout);
        fflush(stdout); /* the gate waits for the line: an unflushed reply is a timeout */
    }
    free(line);
    free(reply.text);
    free(trace.text);
    return 0;
}
