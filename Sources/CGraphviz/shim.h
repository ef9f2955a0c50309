#ifndef CGRAPHVIZ_SHIM_H
#define CGRAPHVIZ_SHIM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// agmemread numbers anonymous objects (the unnamed root graph, `{ ... }` subgraphs, edges)
// from one process-wide counter, and those "%N" names reach SVG titles, JSON, PostScript...,
// so the same DOT renders differently on a second call. And AgIdDisc makes a named object's id
// the address of its interned name; subgraphs are kept in id order, so clusters came out in an
// order that varied from run to run with the heap (cluster_3 before cluster_0 in one SVG, after
// it in the next). This reader is agmemread with an id discipline that numbers both per graph,
// in the order the DOT text first names them: anonymous objects odd (1, 3, 5, ...), names even
// (2, 4, 6, ...), each name still interned with agstrdup, so agnameof hands out interned
// strings as before (code such as aghtmlstr reads the header in front of them).

typedef struct { char *name; IDTYPE id; } cgv_slot;
typedef struct {
    Agraph_t *graph;
    IDTYPE next;            // the next anonymous id
    char **names;           // names[k] is the name of id 2k + 2
    size_t count, room;
    cgv_slot *slots;        // interned name -> id, open addressing on the name's address
    size_t size;            // a power of two, at least twice count
} cgv_ids;

static inline size_t cgv_slot_of(const cgv_ids *ids, const char *name) {
    size_t mask = ids->size - 1, i = (size_t)(((uintptr_t)name >> 4) * 0x9E3779B97F4A7C15ull) & mask;
    while (ids->slots[i].name && ids->slots[i].name != name) i = (i + 1) & mask;
    return i;
}
static inline void cgv_grow(cgv_ids *ids) {
    cgv_slot *old = ids->slots;
    size_t oldSize = ids->size;
    ids->size = oldSize * 2;
    ids->slots = calloc(ids->size, sizeof *ids->slots);
    for (size_t i = 0; i < oldSize; i++) {
        if (old[i].name) ids->slots[cgv_slot_of(ids, old[i].name)] = old[i];
    }
    free(old);
}

static inline void *cgv_id_open(Agraph_t *g, Agdisc_t *disc) {
    cgv_ids *ids = calloc(1, sizeof *ids);
    ids->graph = AgIdDisc.open(g, disc);
    ids->next = 1;
    ids->size = 64;
    ids->slots = calloc(ids->size, sizeof *ids->slots);
    return ids;
}
static inline long cgv_id_map(void *state, int type, char *name, IDTYPE *id, int create) {
    cgv_ids *ids = state;
    (void)type;
    if (!name) {
        *id = ids->next;
        ids->next += 2;
        return 1;
    }
    // As AgIdDisc: a name never interned maps to id 0, which no object has.
    char *interned = create ? agstrdup(ids->graph, name) : agstrbind(ids->graph, name);
    if (!interned) { *id = 0; return 1; }
    size_t slot = cgv_slot_of(ids, interned);
    if (ids->slots[slot].name) { *id = ids->slots[slot].id; return 1; }
    if (!create) { *id = 0; return 1; }
    if (2 * (ids->count + 1) > ids->size) {
        cgv_grow(ids);
        slot = cgv_slot_of(ids, interned);
    }
    if (ids->count == ids->room) {
        ids->room = ids->room ? 2 * ids->room : 64;
        ids->names = realloc(ids->names, ids->room * sizeof *ids->names);
    }
    ids->names[ids->count++] = interned;
    *id = 2 * (IDTYPE)ids->count;
    ids->slots[slot] = (cgv_slot){interned, *id};
    return 1;
}
static inline long cgv_id_alloc(void *state, int type, IDTYPE id) {
    return AgIdDisc.alloc(((cgv_ids *)state)->graph, type, id);
}
// The interned names stay until the graph's string dictionary is closed with it.
static inline void cgv_id_free(void *state, int type, IDTYPE id) {
    (void)state; (void)type; (void)id;
}
static inline char *cgv_id_print(void *state, int type, IDTYPE id) {
    cgv_ids *ids = state;
    (void)type;
    if (id == 0 || id % 2) return NULL;
    size_t index = (size_t)(id / 2 - 1);
    return index < ids->count ? ids->names[index] : NULL;
}
static inline void cgv_id_close(void *state) {
    cgv_ids *ids = state;
    AgIdDisc.close(ids->graph);
    free(ids->names);
    free(ids->slots);
    free(ids);
}
static inline void cgv_id_register(void *state, int type, void *obj) {
    AgIdDisc.idregister(((cgv_ids *)state)->graph, type, obj);
}

typedef struct { const char *data; size_t length, offset; } cgv_reader;

// Hands the lexer one line per call, as agmemread and the file reader do.
static inline int cgv_read_line(void *chan, char *buf, int size) {
    cgv_reader *r = chan;
    int n = 0;
    while (n < size && r->offset < r->length) {
        char c = r->data[r->offset++];
        buf[n++] = c;
        if (c == '\n') break;
    }
    return n;
}

// Exported by libcgraph but declared only in its private header: flushes the DOT scanner's buffer.
extern void aglexbad(void);

static inline Agraph_t *cgv_memread(const char *dot) {
    static Agiddisc_t ids = {cgv_id_open, cgv_id_map, cgv_id_alloc, cgv_id_free,
                             cgv_id_print, cgv_id_close, cgv_id_register};
    static Agiodisc_t io;
    static Agdisc_t disc;
    io.afread = cgv_read_line;
    io.putstr = AgIoDisc.putstr;
    io.flush = AgIoDisc.flush;
    disc.mem = &AgMemDisc;
    disc.id = &ids;
    disc.io = &io;
    cgv_reader reader = {dot, strlen(dot), 0};
    // The lexer is process-wide: it keeps unread input (a trailing newline) of the previous graph
    // and a running line counter. Flush and reset both, or a syntax error reports a wrong line.
    aglexbad();
    agreadline(1);
    return agread(&reader, &disc);
}

// Graphviz has changed `char *` to `const char *` (and dropped parameters) across
// releases; funnelling calls through these wrappers keeps the Swift side identical
// whichever libgraphviz is installed, and lets Swift pass String arguments directly.

static inline int cgv_layout(GVC_t *gvc, Agraph_t *g, const char *engine) {
    return gvLayout(gvc, g, (char *)engine);
}

static inline int cgv_render_data(GVC_t *gvc, Agraph_t *g, const char *format,
                                  char **result, unsigned int *length) {
    return gvRenderData(gvc, g, (char *)format, result, length);
}

// gvLayout stores the drawing's bounding box as the graph attribute "bb" ("llx lly urx ury", in points).
static inline const char *cgv_bounding_box(Agraph_t *g) {
    return agget(g, (char *)"bb");
}

// kind is "layout", "device", "render", ...; the returned strings and array are malloc'd.
static inline char **cgv_plugin_list(GVC_t *gvc, const char *kind, int *count) {
    return gvPluginList(gvc, (char *)kind, count, NULL);
}

static inline void cgv_free_plugin_list(char **list, int count) {
    if (!list) return;
    for (int i = 0; i < count; i++) free(list[i]);
    free(list);
}

// Swift 6 rejects mutable C globals as not concurrency-safe; these read them by value.
static inline Agdesc_t cgv_directed(void) { return Agdirected; }
static inline Agdesc_t cgv_undirected(void) { return Agundirected; }

#endif
