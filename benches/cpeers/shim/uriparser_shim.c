/* uriparser 0.9 (RFC 3986) for the benchmarks: parse a URI reference of `n` bytes, read its
 * host so the work cannot be skipped, free it; 1 when accepted. */
#include <stddef.h>
#include <uriparser/Uri.h>

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
