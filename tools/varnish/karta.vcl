vcl 4.1;

# karta's local stand-in for a CDN (Varnish 7 from Debian; Fastly's VCL descends from it):
# round-robin over the origins with health probes, Next's Cache-Control honoured as it comes
# (s-maxage → TTL, stale-while-revalidate → grace), 404s kept briefly, the `src`
# parameter (QR code, wallet pass) and a photo's whole query ignored, and purges by the cards' Surrogate-Key from loopback only. tools/lib/varnish.ts replaces the two generated sections
# below with one backend per origin; as written here the file compiles (`varnishd -C -f`) with a
# single origin on 127.0.0.1:3000.

import directors;
import std;

probe origin_health {
    # The home page is static and cheap; a dead or hung origin fails within ~2 probes.
    .url = "/";
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    # Healthy from the start: the first requests need not wait for a probe.
    .initial = 2;
}

# BEGIN generated backends
backend origin_0 {
    .host = "127.0.0.1";
    .port = "3000";
    .probe = origin_health;
    .connect_timeout = 2s;
}
# END generated backends

acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new origins = directors.round_robin();
    # BEGIN generated directors
    origins.add_backend(origin_0);
    # END generated directors
}

sub vcl_recv {
    # The `src` parameter of the QR code and the wallet pass (lib/routes.ts qrCodeUrl, walletUrl)
    # is for the card's script in the browser, not for a cache: taken off before the lookup (and
    # the origin's request), so that /maria?src=qr, /maria?src=wallet and /maria are one object,
    # purged as one. Every other parameter is kept.
    if (req.url ~ "[?&]src(=|&|$)") {
        set req.url = regsuball(req.url, "(?<=[?&])src(=[^&]*)?(&|$)", "");
        set req.url = regsub(req.url, "[?&]$", "");
    }
    # A card's photo (/{username}/photo/{version}) and its company's logo (/{username}/logo/…) are
    # the same resource whatever the query: one object, so that made-up queries never reach an
    # origin (which would redirect them anyway).
    if (req.url ~ "^/[^/?]+/(photo|logo)/[^/?]+[?]") {
        set req.url = regsub(req.url, "[?].*$", "");
    }
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.Surrogate-Key) {
            call karta_ban_surrogate_keys;
        }
        # Without keys: this URL's object and all its variants (RSC, encodings).
        return (purge);
    }

    set req.backend_hint = origins.backend();
    # While an origin is up, serve an expired object for at most 10 s while it is refetched; when
    # every origin is down, serve it for as long as its grace (Next's stale-while-revalidate).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 10s;
    }
    # Falls through to the built-in vcl_recv (GET/HEAD only, no Authorization or Cookie).
}

# PURGE with `Surrogate-Key: key1 key2` bans (invalidates) every object whose own Surrogate-Key
# header holds one of those keys as a whole word, the way Fastly purges by surrogate key. A ban
# on obj.* only is checked at each object's next lookup and cleared by the ban lurker.
sub karta_ban_surrogate_keys {
    set req.http.X-Ban-Keys = regsuball(req.http.Surrogate-Key, "^\s+|\s+$", "");
    set req.http.X-Ban-Keys = regsuball(req.http.X-Ban-Keys, "\s+", " ");
    # Card tags are percent-encoded (encodeURIComponent), so these characters are all a key can
    # hold; anything else is refused rather than spliced into a regular expression.
    if (req.http.X-Ban-Keys !~ "^[A-Za-z0-9%._~*'()!-]+( [A-Za-z0-9%._~*'()!-]+)*$") {
        return (synth(400, "Surrogate-Key must list keys separated by spaces"));
    }
    # Each regex metacharacter a key may hold becomes a one-character class ([.] [*] [(] [)]),
    # so the pattern has neither spaces nor backslashes for the ban parser to mangle.
    set req.http.X-Ban-Keys = regsuball(req.http.X-Ban-Keys, "([.*()])", "[\1]");
    set req.http.X-Ban-Keys = regsuball(req.http.X-Ban-Keys, " ", "|");
    if (std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + req.http.X-Ban-Keys + ")($|[[:space:]])")) {
        return (synth(200, "Banned"));
    }
    return (synth(400, "Ban refused: " + std.ban_error()));
}

sub vcl_backend_response {
    # A refetch in the background that fails keeps the stale object instead of replacing it.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # An origin answering from an entry it is regenerating (`x-nextjs-cache: STALE`: a revalidation
    # marked it, e.g. a company's template save purged before its members are rendered again) sends
    # the old card while it renders the new: not kept (for 1 s, requests go straight to an origin),
    # so the next request fetches the new one rather than the old for the entry's hour.
    if (beresp.http.x-nextjs-cache == "STALE") {
        set beresp.ttl = 1s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # A missing card may be created any moment: its 404 is kept 10 s, whatever Next says.
    if (beresp.status == 404 || beresp.status == 410) {
        set beresp.ttl = 10s;
        set beresp.grace = 0s;
        set beresp.keep = 0s;
    }
}

sub vcl_backend_error {
    # An origin that stopped answering before the probes noticed: try the next one.
    if (bereq.retries < 2 && (bereq.method == "GET" || bereq.method == "HEAD")) {
        return (retry);
    }
}

sub vcl_deliver {
    # Tells a client (and the tests) whether this answer came from the cache.
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
