#ifndef CGRAPHVIZ_SHIM_H
#define CGRAPHVIZ_SHIM_H

#include <stdlib.h>
#include <string.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// agmemread numbers anonymous objects (the unnamed root graph, `{ ... }` subgraphs, edges)
// from one process-wide counter, and those "%N" names reach SVG titles, JSON, PostScript...,
// so the same DOT renders differently on a second call. This reader is agmemread with an id
// discipline that numbers them per graph instead; everything else delegates to AgIdDisc.

typedef struct { Agraph_t *graph; IDTYPE next; } cgv_ids;

static inline void *cgv_id_open(Agraph_t *g, Agdisc_t *disc) {
    cgv_ids *ids = malloc(sizeof *ids);
    ids->graph = AgIdDisc.open(g, disc);
    ids->next = 1; // odd, like AgIdDisc: even ids are interned name pointers
    return ids;
}
static inline long cgv_id_map(void *state, int type, char *name, IDTYPE *id, int create) {
    cgv_ids *ids = state;
    if (name) return AgIdDisc.map(ids->graph, type, name, id, create);
    *id = ids->next;
    ids->next += 2;
    return 1;
}
static inline long cgv_id_alloc(void *state, int type, IDTYPE id) {
    return AgIdDisc.alloc(((cgv_ids *)state)->graph, type, id);
}
static inline void cgv_id_free(void *state, int type, IDTYPE id) {
    AgIdDisc.free(((cgv_ids *)state)->graph, type, id);
}
static inline char *cgv_id_print(void *state, int type, IDTYPE id) {
    return AgIdDisc.print(((cgv_ids *)state)->graph, type, id);
}
static inline void cgv_id_close(void *state) {
    AgIdDisc.close(((cgv_ids *)state)->graph);
    free(state);
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
