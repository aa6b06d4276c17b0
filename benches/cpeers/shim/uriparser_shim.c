/* uriparser 0.9 (RFC 3986), for the benchmarks and the differential tests. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <uriparser/Uri.h>

/* The benchmarks: parse a URI reference of `n` bytes, read its host so the work cannot be
 * skipped, free it; 1 when accepted. */
int urilex_uriparser_parse(const char *p, size_t n, size_t *host_len) {
    UriUriA uri;
    const char *error = NULL;
    if (uriParseSingleUriExA(&uri, p, p + n, &error) != URI_SUCCESS) {
        return 0;
    }
    *host_len = (size_t)(uri.hostText.afterLast - uri.hostText.first);
    uriFreeUriMembersA(&uri);
    return 1;
}

/* The differential tests: where uriparser's parse of a URI reference of `n` bytes fails (its
 * `errorPos`, as an index into the input); -1 when it accepts it, -2 when it fails without
 * saying where. */
long urilex_uriparser_error_index(const char *p, size_t n) {
    UriUriA uri;
    const char *error = NULL;
    if (uriParseSingleUriExA(&uri, p, p + n, &error) == URI_SUCCESS) {
        uriFreeUriMembersA(&uri);
        return -1;
    }
    return error == NULL ? -2 : (long)(error - p);
}

/* The fields of urilex_uriparser_parts, written one after another into `out`: a signed
 * 64-bit length in the machine's byte order (-1: absent), then that many bytes. */
typedef struct {
    unsigned char *out;
    size_t cap, used;
    int overflow;
} fields;

static void put_bytes(fields *f, const char *s, size_t len) {
    if (f->overflow || f->cap - f->used < len) {
        f->overflow = 1;
        return;
    }
    memcpy(f->out + f->used, s, len);
    f->used += len;
}

static void put_len(fields *f, int64_t len) { put_bytes(f, (const char *)&len, sizeof len); }

/* A text range as a field: absent when uriparser leaves it {NULL, NULL}. */
static void put_range(fields *f, UriTextRangeA r) {
    if (r.first == NULL) {
        put_len(f, -1);
        return;
    }
    put_len(f, r.afterLast - r.first);
    put_bytes(f, r.first, (size_t)(r.afterLast - r.first));
}

/* The differential tests: parse a URI reference of `n` bytes and write its components into
 * `out` (`cap` bytes; `*used` written): scheme, userinfo, host (an IP literal with its
 * brackets), port, path, query, fragment, each as above; `*host_kind` is 0 without a host,
 * 1 IPv4, 2 IPv6, 3 IPvFuture, 4 a registered name. The path is rebuilt from uriparser's own
 * account of it, its segments and whether it is absolute (an empty segment's text is not in
 * the input). 1 accepted, 0 refused, -1 `out` too small. */
int urilex_uriparser_parts(const char *p, size_t n, unsigned char *out, size_t cap,
                           size_t *used, int *host_kind) {
    UriUriA uri;
    const char *error = NULL;
    if (uriParseSingleUriExA(&uri, p, p + n, &error) != URI_SUCCESS) {
        return 0;
    }
    fields f = {out, cap, 0, 0};
    int has_host = uri.hostText.first != NULL;
    int literal = uri.hostData.ip6 != NULL || uri.hostData.ipFuture.first != NULL;
    put_range(&f, uri.scheme);
    put_range(&f, uri.userInfo);
    if (!has_host) {
        put_len(&f, -1);
    } else {
        size_t len = (size_t)(uri.hostText.afterLast - uri.hostText.first);
        put_len(&f, (int64_t)(len + (literal ? 2 : 0)));
        if (literal) put_bytes(&f, "[", 1);
        put_bytes(&f, uri.hostText.first, len);
        if (literal) put_bytes(&f, "]", 1);
    }
    put_range(&f, uri.portText);
    /* The path: a '/' first when absolute, or when it has segments after an authority; its
     * length written in its place once its bytes are. */
    size_t path_at = f.used;
    put_len(&f, 0);
    if (uri.absolutePath || (has_host && uri.pathHead != NULL)) put_bytes(&f, "/", 1);
    for (UriPathSegmentA *s = uri.pathHead; s != NULL; s = s->next) {
        if (s != uri.pathHead) put_bytes(&f, "/", 1);
        put_bytes(&f, s->text.first, (size_t)(s->text.afterLast - s->text.first));
    }
    if (!f.overflow) {
        int64_t path_len = (int64_t)(f.used - path_at - sizeof path_len);
        memcpy(f.out + path_at, &path_len, sizeof path_len);
    }
    put_range(&f, uri.query);
    put_range(&f, uri.fragment);
    *host_kind = !has_host                          ? 0
                 : uri.hostData.ip4 != NULL         ? 1
                 : uri.hostData.ip6 != NULL         ? 2
                 : uri.hostData.ipFuture.first != NULL ? 3
                                                    : 4;
    *used = f.used;
    uriFreeUriMembersA(&uri);
    return f.overflow ? -1 : 1;
}

/* The differential tests: resolve the reference `r` (`rn` bytes) against the base `b` (`bn`
 * bytes) as RFC 3986 §5.2 says, strictly (a scheme in the reference is never dropped), and
 * write the result's text into `out` (`cap` bytes; `*used` written). 1 resolved, 0 refused
 * (either refused by the parser, or the base no absolute URI), -1 `out` too small. */
int urilex_uriparser_resolve(const char *b, size_t bn, const char *r, size_t rn,
                             char *out, size_t cap, size_t *used) {
    UriUriA base, ref, dest;
    const char *error = NULL;
    int ok = 0;
    if (uriParseSingleUriExA(&base, b, b + bn, &error) != URI_SUCCESS) {
        return 0;
    }
    if (uriParseSingleUriExA(&ref, r, r + rn, &error) != URI_SUCCESS) {
        uriFreeUriMembersA(&base);
        return 0;
    }
    if (uriAddBaseUriExA(&dest, &ref, &base, URI_RESOLVE_STRICTLY) == URI_SUCCESS) {
        int len = 0;
        if (uriToStringCharsRequiredA(&dest, &len) == URI_SUCCESS && (size_t)len < cap) {
            int written = 0;
            ok = uriToStringA(out, &dest, len + 1, &written) == URI_SUCCESS ? 1 : 0;
            *used = (size_t)len;
        } else {
            ok = -1;
        }
        uriFreeUriMembersA(&dest);
    }
    uriFreeUriMembersA(&ref);
    uriFreeUriMembersA(&base);
    return ok;
}

