package io.tandem.common.net;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the server's own outbound calls (cluster API servers, webhook receivers, Git remotes) may go
 * ({@code tandem.outbound.*}). By default only public addresses.
 *
 * @param allowPrivate also allow the private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7): clusters and
 *     Git servers on the organisation's own network; loopback, link-local (cloud metadata) and the other special
 *     ranges still need an entry in {@code allowed-networks}
 * @param allowedNetworks CIDR blocks (or single addresses) allowed whatever their class, e.g. {@code 10.20.0.0/16}
 *     or {@code 127.0.0.1/32}
 */
@ConfigurationProperties("tandem.outbound")
public record OutboundProperties(@DefaultValue("false") boolean allowPrivate, @DefaultValue List<String> allowedNetworks) {}
