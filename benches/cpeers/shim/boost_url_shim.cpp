// Boost.URL 1.81 (RFC 3986), for the benchmarks and the differential tests.
#include <boost/url/parse.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>

// The benchmarks: parse a URI reference of `n` bytes with parse_uri_reference and read its
// host so the work cannot be skipped; 1 when accepted.
extern "C" int urilex_boost_url_parse(const char *p, std::size_t n, std::size_t *host_len) {
    auto r = boost::urls::parse_uri_reference(boost::core::string_view(p, n));
    if (!r) {
        return 0;
    }
    *host_len = r->encoded_host().size();
    return 1;
}

namespace {

// The fields of urilex_boost_url_parts, as uriparser_shim.c writes them: a signed 64-bit
// length in the machine's byte order (-1: absent), then that many bytes.
struct Fields {
    unsigned char *out;
    std::size_t cap, used;
    bool overflow;

    void bytes(const char *s, std::size_t len) {
        if (overflow || cap - used < len) {
            overflow = true;
            return;
        }
        std::memcpy(out + used, s, len);
        used += len;
    }
    void field(bool present, boost::core::string_view s) {
        std::int64_t len = present ? static_cast<std::int64_t>(s.size()) : -1;
        bytes(reinterpret_cast<const char *>(&len), sizeof len);
        if (present) bytes(s.data(), s.size());
    }
};

}  // namespace

// The differential tests: parse a URI reference of `n` bytes with parse_uri_reference and
// write its components into `out` (`cap` bytes; `*used` written): scheme, userinfo, host,
// port, path, query, fragment, each as above; `*host_kind` 0 without a host, 1 IPv4, 2 IPv6,
// 3 IPvFuture, 4 a registered name. 1 accepted, 0 refused, -1 `out` too small.
extern "C" int urilex_boost_url_parts(const char *p, std::size_t n, unsigned char *out,
                                      std::size_t cap, std::size_t *used, int *host_kind) {
    auto r = boost::urls::parse_uri_reference(boost::core::string_view(p, n));
    if (!r) {
        return 0;
    }
    Fields f{out, cap, 0, false};
    f.field(r->has_scheme(), r->scheme());
    f.field(r->has_userinfo(), r->encoded_userinfo());
    f.field(r->has_authority(), r->encoded_host());
    f.field(r->has_port(), r->port());
    f.field(true, r->encoded_path());
    f.field(r->has_query(), r->encoded_query());
    f.field(r->has_fragment(), r->encoded_fragment());
    using boost::urls::host_type;
    switch (r->host_type()) {
        case host_type::none: *host_kind = 0; break;
        case host_type::ipv4: *host_kind = 1; break;
        case host_type::ipv6: *host_kind = 2; break;
        case host_type::ipvfuture: *host_kind = 3; break;
        default: *host_kind = 4; break;
    }
    *used = f.used;
    return f.overflow ? -1 : 1;
}

