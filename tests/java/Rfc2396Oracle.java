// java.net.URI as an independent RFC 2396 (+ RFC 2732) parser, for tests/rfc2396_java.rs.
//
// Reads one input per line, hex-encoded (so that any byte survives the pipe), and writes one
// line per input: "E" when `new URI(s)` refuses it, else "V" and nine tab-separated fields,
// each hex-encoded or "-" for null: scheme, raw authority, raw userinfo, host, port (decimal,
// "-" for -1), raw path (the scheme-specific part of an opaque URI), raw query, raw fragment,
// and "1" or "0" for isOpaque().
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

public class Rfc2396Oracle {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII));
        String line;
        while ((line = in.readLine()) != null) {
            String input = new String(unhex(line), StandardCharsets.UTF_8);
            URI u;
            try {
                u = new URI(input);
            } catch (URISyntaxException e) {
                out.write("E\n");
                continue;
            }
            StringBuilder b = new StringBuilder("V");
            field(b, u.getScheme());
            field(b, u.getRawAuthority());
            field(b, u.getRawUserInfo());
            field(b, u.getHost());
            field(b, u.getPort() == -1 ? null : Integer.toString(u.getPort()));
            field(b, u.isOpaque() ? u.getRawSchemeSpecificPart() : u.getRawPath());
            field(b, u.getRawQuery());
            field(b, u.getRawFragment());
            field(b, u.isOpaque() ? "1" : "0");
            out.write(b.append('\n').toString());
        }
        out.flush();
    }

    static void field(StringBuilder b, String s) {
        b.append('\t');
        if (s == null) {
            b.append('-');
            return;
        }
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            b.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
        }
    }

    static byte[] unhex(String s) {
        byte[] bytes = new byte[s.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
