// Boost.URL 1.81 (RFC 3986) for the benchmarks: parse a URI reference of `n` bytes with
// parse_uri_reference and read its host so the work cannot be skipped; 1 when accepted.
#include <cstddef>
#include <boost/url/parse.hpp>

extern "C" int urilex_boost_url_parse(const char *p, std::size_t n, std::size_t *host_len) {
    auto r = boost::urls::parse_uri_reference(boost::core::string_view(p, n));
    if (!r) {
        return 0;
    }
    *host_len = r->encoded_host().size();
    return 1;
}
